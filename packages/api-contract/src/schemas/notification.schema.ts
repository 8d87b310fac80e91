import { z } from 'zod';

export const ZNotification = z.object({
  id: z.number(),
  message: z.string(),
  status: z.string(),
  timestamp: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotificationsOutput = z.array(ZNotification);
