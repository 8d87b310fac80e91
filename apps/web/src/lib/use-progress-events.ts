import { ZWsServerMessage } from '@tradebot/api-contract';
import { useEffect, useState } from 'react';
import { getToken } from './session';

export interface ProgressEvent {
  completed: number;
  total: number;
  message?: string | undefined;
}

/**
 * The latest `progress` event of one task from the user's /ws socket (spec §4), while `active`.
 * The socket answers the server's pings; it is closed when the task is no longer followed.
 * Progress is also kept on the server, so a missed event only makes the bar lag until the next.
 */
export function useProgressEvents(task: string, active: boolean): ProgressEvent | null {
  const [progress, setProgress] = useState<ProgressEvent | null>(null);

  useEffect(() => {
    const token = getToken();
    if (!active || !token) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(
      `${scheme}://${window.location.host}/ws?token=${encodeURIComponent(token)}`,
    );
    socket.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = ZWsServerMessage.safeParse(data);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      else if (message.type === 'progress' && message.task === task)
        setProgress({
          completed: message.completed,
          total: message.total,
          message: message.message,
        });
    };
    return () => socket.close();
  }, [task, active]);

  return active ? progress : null;
}
