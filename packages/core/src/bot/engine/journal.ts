import type { TNotificationKind } from '@tradebot/api-contract';
import { appendBotLogs, createNotification, type Db } from '@tradebot/db';

export type LogLevel = 'info' | 'warn' | 'error';

/**
 * What one tick did, collected as it goes and written at its end: log lines (market time),
 * notifications, how many orders reached the broker, and whether anything traded (last_activity).
 */
export class TickJournal {
  readonly lines: { at: Date; level: LogLevel; message: string }[] = [];
  readonly notes: { message: string; status: string; kind: TNotificationKind }[] = [];
  ordersSent = 0;
  /** Market time of the last order sent or fill seen in this tick. */
  activity: number | null = null;

  constructor(private readonly now: number) {}

  log(level: LogLevel, message: string): void {
    this.lines.push({ at: new Date(this.now), level, message });
  }

  /**
   * A notification, and with a kind other than 'info' an alert event (sent outside the app by
   * core/src/alerts). A failed one is an order problem unless said otherwise.
   */
  notify(
    message: string,
    status: 'info' | 'warning' | 'failed',
    kind: TNotificationKind = status === 'failed' ? 'rejection' : 'info',
  ): void {
    this.notes.push({ message, status, kind });
  }

  sent(): void {
    this.ordersSent += 1;
    this.activity = this.now;
  }

  async flush(db: Db, userId: number): Promise<void> {
    await appendBotLogs(db, userId, this.lines.splice(0));
    for (const note of this.notes.splice(0))
      await createNotification(db, userId, note.message, note.status, note.kind);
  }
}
