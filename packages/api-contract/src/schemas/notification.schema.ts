import { z } from 'zod';

export const ZNotification = z.object({
  id: z.number(),
  message: z.string(),
  status: z.string(),
  timestamp: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotificationsOutput = z.array(ZNotification);

/** The bell's badge: how many notifications the user has not seen. */
export const ZUnreadNotificationsOutput = z.object({ count: z.number().int().min(0) });
export type TUnreadNotificationsOutput = z.infer<typeof ZUnreadNotificationsOutput>;

/** Opening the bell marks read the notifications it showed: those up to the newest id listed. */
export const ZMarkNotificationsReadInput = z.object({
  up_to_id: z.number('up_to_id must be a notification id.').int().min(0).max(2_147_483_647),
});
