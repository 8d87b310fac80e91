import { appendBotLogs, createNotification, type Db } from '@tradebot/db';

export type LogLevel = 'info' | 'warn' | 'error';

/**
 * What one tick did, collected as it goes and written at its end: log lines (market time),
 * notifications, how many orders reached the broker, and whether anything traded (last_activity).
 */
export class TickJournal {
  readonly lines: { at: Date; level: LogLevel; message: string }[] = [];
  readonly notes: { message: string; status: string }[] = [];
  ordersSent = 0;
  /** Market time of the last order sent or fill seen in this tick. */
  activity: number | null = null;

  constructor(private readonly now: number) {}

  log(level: LogLevel, message: string): void {
    this.lines.push({ at: new Date(this.now), level, message });
  }

  notify(message: string, status: 'info' | 'warning' | 'failed'): void {
    this.notes.push({ message, status });
  }

  sent(): void {
    this.ordersSent += 1;
    this.activity = this.now;
  }

  async flush(db: Db, userId: number): Promise<void> {
    await appendBotLogs(db, userId, this.lines.splice(0));
    for (const note of this.notes.splice(0))
      await createNotification(db, userId, note.message, note.status, new Date(this.now));
  }
}
