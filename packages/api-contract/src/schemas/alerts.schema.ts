import { z } from 'zod';

/** The kinds of alert event a notification can be ('info' is never sent outside the app). */
export const ALERT_KINDS = [
  'fill',
  'rejection',
  'halt',
  'kill_switch',
  'bot_error',
  'daily_summary',
] as const;
export const ZAlertKind = z.enum(ALERT_KINDS);
export type TAlertKind = z.infer<typeof ZAlertKind>;
export type TNotificationKind = TAlertKind | 'info';

export const ZAlertChannel = z.enum(['email', 'telegram', 'webhook']);
export type TAlertChannel = z.infer<typeof ZAlertChannel>;

/** Slack's `{text}`, Discord's `{content}`, or plain `{event, user, text, data}`. */
export const ZWebhookFormat = z.enum(['slack', 'discord', 'json']);
export type TWebhookFormat = z.infer<typeof ZWebhookFormat>;

export const ZAlertEvents = z.object({
  fills: z.boolean(),
  rejections: z.boolean(),
  halts: z.boolean(),
  kill_switch: z.boolean(),
  bot_errors: z.boolean(),
  daily_summary: z.boolean(),
});
export type TAlertEvents = z.infer<typeof ZAlertEvents>;

/** The settings as read: secrets only as "set or not" (and a masked chat id). */
export const ZAlertSettingsOutput = z.object({
  email: z.object({ enabled: z.boolean(), address: z.string() }),
  telegram: z.object({
    enabled: z.boolean(),
    configured: z.boolean(),
    chat_id: z.string().nullable(),
    summary: z.string(),
  }),
  webhook: z.object({
    enabled: z.boolean(),
    configured: z.boolean(),
    format: ZWebhookFormat,
    summary: z.string(),
  }),
  events: ZAlertEvents,
});
export type TAlertSettingsOutput = z.infer<typeof ZAlertSettingsOutput>;

const ZSecret = z.string().trim().max(2_000);

/**
 * A save: every field optional. A secret left out keeps the stored one; an empty string
 * removes it.
 */
export const ZAlertSettingsInput = z
  .object({
    email: z.object({ enabled: z.boolean() }).strict().optional(),
    telegram: z
      .object({
        enabled: z.boolean().optional(),
        bot_token: z
          .string()
          .trim()
          .max(200)
          .regex(/^$|^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, 'Enter the bot token BotFather gave you.')
          .optional(),
        chat_id: z
          .string()
          .trim()
          .max(64)
          .regex(/^$|^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, 'Enter a numeric chat id or @channel.')
          .optional(),
      })
      .strict()
      .optional(),
    webhook: z
      .object({
        enabled: z.boolean().optional(),
        url: ZSecret.optional(),
        format: ZWebhookFormat.optional(),
      })
      .strict()
      .optional(),
    events: ZAlertEvents.partial().strict().optional(),
  })
  .strict();
export type TAlertSettingsInput = z.infer<typeof ZAlertSettingsInput>;

export const ZAlertTestInput = z.object({ channel: ZAlertChannel }).strict();
export type TAlertTestInput = z.infer<typeof ZAlertTestInput>;
export const ZAlertTestOutput = z.object({ ok: z.boolean(), message: z.string() });
export type TAlertTestOutput = z.infer<typeof ZAlertTestOutput>;

/** The alerts queue: an event fans out to its channels; a delivery sends one; a fold sums up. */
export const ZAlertJob = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), eventId: z.number().int().positive() }),
  z.object({ type: z.literal('deliver'), deliveryId: z.number().int().positive() }),
]);
export type TAlertJob = z.infer<typeof ZAlertJob>;
export const ZAlertJobResult = z.object({ sent: z.number().int(), skipped: z.number().int() });
export type TAlertJobResult = z.infer<typeof ZAlertJobResult>;
