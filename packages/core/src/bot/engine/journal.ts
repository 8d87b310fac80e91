import type { TNotificationKind } from '@tradebot/api-contract';
import { appendBotLogsOnPool, insertNotificationsOnPool, type Db } from '@tradebot/db';

export type LogLevel = 'info' | 'warn' | 'error';

export interface JournalLine {
  at: Date;
  level: LogLevel;
  message: string;
  /** The event the line records (order id + event, symbol + bar): logged once, ever. */
  eventKey: string | null;
}

/**
 * What one tick did, collected as it goes and written at its end (or earlier, `flush`): log lines
 * (market time), notifications, how many orders reached the broker, and whether anything traded
 * (last_activity). A line with an event key is written once per user however often a tick that
 * crashed is re-run, and its notification only with it.
 */
export class TickJournal {
  /** Lines not written yet. */
  readonly lines: JournalLine[] = [];
  /** Every line this tick wrote (the `update` event's log lines). */
  readonly written: JournalLine[] = [];
  readonly notes: {
    message: string;
    status: string;
    eventKey: string | null;
    kind: TNotificationKind;
  }[] = [];
  ordersSent = 0;
  /** Market time of the last order sent or fill seen in this tick. */
  activity: number | null = null;

  constructor(private readonly now: number) {}

  log(level: LogLevel, message: string, eventKey: string | null = null): void {
    this.lines.push({ at: new Date(this.now), level, message, eventKey });
  }

  /**
   * A notification, and with a kind other than 'info' an alert event (sent outside the app by
   * core/src/alerts); a failed one is an order problem unless said otherwise. With `eventKey`,
   * it is sent only when that event's line is written now.
   */
  notify(
    message: string,
    status: 'info' | 'warning' | 'failed',
    options: { eventKey?: string | null; kind?: TNotificationKind } = {},
  ): void {
    const kind = options.kind ?? (status === 'failed' ? 'rejection' : 'info');
    this.notes.push({ message, status, eventKey: options.eventKey ?? null, kind });
  }

  sent(): void {
    this.ordersSent += 1;
    this.activity = this.now;
  }

  async flush(db: Db, userId: number): Promise<void> {
    const lines = this.lines.splice(0);
    const fresh = await appendBotLogsOnPool(db, userId, lines);
    this.written.push(...lines.filter((l) => l.eventKey === null || fresh.has(l.eventKey)));
    const at = new Date(this.now);
    const notes = this.notes
      .splice(0)
      .filter((note) => note.eventKey === null || fresh.has(note.eventKey))
      .map((note) => ({ message: note.message, status: note.status, kind: note.kind, at }));
    await insertNotificationsOnPool(db, userId, notes);
  }
}
