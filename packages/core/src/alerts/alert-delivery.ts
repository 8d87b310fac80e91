import type { TAlertChannel, TAlertJob, TAlertJobResult, TAlertKind } from '@tradebot/api-contract';
import {
  claimDelivery,
  countFoldedDeliveries,
  findAlertEvent,
  findDelivery,
  markDeliveryDone,
  markDeliveryFailed,
  openDelivery,
  openFoldDelivery,
  type AlertSettingsRow,
} from '@tradebot/db';
import { alertDeliveryJobId, alertQueue, enqueue } from '@tradebot/jobs';
import { UnrecoverableError } from 'bullmq';
import type { ServiceDeps } from '../deps.js';
import { alertDeliveries } from '../observability/metrics.js';
import type { AlertMessage } from './alert-channels.js';
import { sendAlert } from './alert-send.js';
import { alertTargets } from './alert-settings.service.js';
import { WebhookRefused } from './webhook-guard.js';

/** At most this many alerts per user and channel in a minute; the rest fold into one. */
export const ALERTS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
/** A 'sending' claim older than the queue's lock belongs to a dead worker. */
const CLAIM_LEASE_MS = alertQueue.workerOptions?.lockDuration ?? 10_000;

const EVENT_SWITCH: Record<TAlertKind, keyof AlertSettingsRow> = {
  fill: 'onFills',
  rejection: 'onRejections',
  halt: 'onHalts',
  kill_switch: 'onKillSwitch',
  bot_error: 'onBotErrors',
  daily_summary: 'onDailySummary',
};

function channelsOf(row: AlertSettingsRow, kind: TAlertKind): TAlertChannel[] {
  if (!row[EVENT_SWITCH[kind]]) return [];
  const channels: TAlertChannel[] = [];
  if (row.emailEnabled) channels.push('email');
  if (row.telegramEnabled && row.telegramTokenEnc && row.telegramChatId) channels.push('telegram');
  if (row.webhookEnabled && row.webhookUrlEnc) channels.push('webhook');
  return channels;
}

export const foldText = (count: number) =>
  `and ${count} more alert${count === 1 ? '' : 's'} in the last minute; see the notifications in the app.`;

/**
 * The alerts queue's work (apps/worker alert.processor.ts). An event becomes one delivery row
 * per enabled channel (unique per event and channel) and one deliver job per row (job id
 * `alert-{event}-{channel}`); past the per-minute limit a row is 'folded' instead and a single
 * fold delivery at the window's end says how many. A delivery is claimed in PostgreSQL before
 * sending and marked delivered right after, so a redelivered job or a duplicate enqueue finds it
 * done. Wall time (deps.now) drives the limit: it meters receivers, not trading.
 */
export function alertDeliveryService(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'mailer' | 'alerts' | 'appUrl' | 'now' | 'alertQueue'>,
) {
  const { db } = deps;

  async function fanOut(eventId: number): Promise<TAlertJobResult> {
    const event = await findAlertEvent(db, eventId);
    if (event === null) return { sent: 0, skipped: 1 }; // cleared by the user meanwhile
    const kind = event.kind as TAlertKind;
    if (!(kind in EVENT_SWITCH)) return { sent: 0, skipped: 1 };
    const found = await alertTargets(deps, event.userId);
    if (found === null) return { sent: 0, skipped: 1 };
    const now = deps.now().getTime();
    const windowStart = new Date(now - (now % WINDOW_MS));
    let queued = 0;
    for (const channel of channelsOf(found.row, kind)) {
      const slot = await openDelivery(
        db,
        { notificationId: eventId, userId: event.userId, channel, windowStart },
        ALERTS_PER_MINUTE,
      );
      if (slot.status === 'folded') {
        const key = `fold-${event.userId}-${slot.windowStart.getTime()}`;
        const fold = await openFoldDelivery(db, {
          userId: event.userId,
          channel,
          windowStart: slot.windowStart,
          foldKey: `${key}-${channel}`,
        });
        const delay = Math.max(0, slot.windowStart.getTime() + WINDOW_MS - now);
        await enqueue(
          deps.alertQueue,
          alertQueue,
          { type: 'deliver', deliveryId: fold.id },
          { jobId: alertDeliveryJobId(key, channel), delay },
        );
        continue;
      }
      await enqueue(
        deps.alertQueue,
        alertQueue,
        { type: 'deliver', deliveryId: slot.id },
        { jobId: alertDeliveryJobId(String(eventId), channel) },
      );
      queued += 1;
    }
    return { sent: queued, skipped: 0 };
  }

  async function messageOf(
    delivery: NonNullable<Awaited<ReturnType<typeof claimDelivery>>>,
    username: string,
  ): Promise<AlertMessage | null> {
    if (delivery.foldKey !== null) {
      const count = await countFoldedDeliveries(
        db,
        delivery.userId,
        delivery.channel,
        delivery.windowStart,
      );
      return { kind: 'fold', username, text: foldText(count), data: { count } };
    }
    const event = await findAlertEvent(db, delivery.notificationId ?? 0);
    if (event === null) return null;
    return {
      kind: event.kind as TAlertKind,
      username,
      text: event.message,
      data: { id: event.id, at: event.createdAt.toISOString() },
    };
  }

  /**
   * Claims and sends one delivery row; each claimed row counts once per attempt in
   * tradebot_alert_deliveries_total (delivered, failed, refused: no retry, skipped: its event
   * or the settings are gone).
   */
  async function deliver(deliveryId: number): Promise<TAlertJobResult> {
    const delivery = await claimDelivery(db, deliveryId, CLAIM_LEASE_MS);
    if (delivery === null) {
      const row = await findDelivery(db, deliveryId);
      if (row?.status === 'sending') throw new Error(`Alert ${deliveryId} is being sent`);
      return { sent: 0, skipped: 1 };
    }
    const count = (outcome: string) => alertDeliveries.inc({ channel: delivery.channel, outcome });
    const found = await alertTargets(deps, delivery.userId);
    const message = found && (await messageOf(delivery, found.target.username));
    if (!found || !message) {
      await markDeliveryFailed(db, deliveryId, 'The event or the settings are gone.');
      count('skipped');
      return { sent: 0, skipped: 1 };
    }
    try {
      await sendAlert(deps, found.target, delivery.channel as TAlertChannel, message);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await markDeliveryFailed(db, deliveryId, text);
      // A refused address will be refused again: no retry.
      const refused = error instanceof WebhookRefused;
      count(refused ? 'refused' : 'failed');
      if (refused) throw new UnrecoverableError(text);
      throw error;
    }
    await markDeliveryDone(db, deliveryId);
    count('delivered');
    return { sent: 1, skipped: 0 };
  }

  return {
    handle(job: TAlertJob): Promise<TAlertJobResult> {
      return job.type === 'event' ? fanOut(job.eventId) : deliver(job.deliveryId);
    },
  };
}
