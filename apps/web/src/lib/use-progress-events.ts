import { useState } from 'react';
import { useUserEvents } from './use-user-events';

export interface ProgressEvent {
  completed: number;
  total: number;
  message?: string | undefined;
}

/**
 * The latest `progress` event of one task from the user's /ws socket, while `active`.
 * Progress is also kept on the server, so a missed event only makes the bar lag until the next.
 */
export function useProgressEvents(task: string, active: boolean): ProgressEvent | null {
  const [progress, setProgress] = useState<ProgressEvent | null>(null);
  useUserEvents(active, (message) => {
    if (message.type === 'progress' && message.task === task)
      setProgress({ completed: message.completed, total: message.total, message: message.message });
  });
  return active ? progress : null;
}
