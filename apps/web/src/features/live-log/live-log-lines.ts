/**
 * The live log's lines (GET /api/get-live-log: "logs as an array, an object of arrays or
 * a newline-separated string"). Our server sends an array of "2026-01-05 10:30:00 INFO …" lines;
 * the other shapes are accepted so an older server still shows its log.
 */
export function logLines(raw: unknown): string[] {
  if (typeof raw === 'string') return raw.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (Array.isArray(raw)) return raw.flatMap((item) => logLines(item));
  if (raw && typeof raw === 'object') return Object.values(raw).flatMap((value) => logLines(value));
  if (typeof raw === 'number' || typeof raw === 'boolean') return [String(raw)];
  return [];
}

export type LogLevel = 'info' | 'warn' | 'error';

export interface ParsedLine {
  time: string | null;
  level: LogLevel;
  message: string;
}

const LINE = /^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?)\s+(INFO|WARN|WARNING|ERROR)\s+(.*)$/i;

/** "2026-01-05 10:30:00 WARN Skipped AAPL" → its time, level and message; other lines are info. */
export function parseLogLine(line: string): ParsedLine {
  const match = LINE.exec(line.trim());
  if (!match) return { time: null, level: 'info', message: line };
  const word = (match[2] ?? '').toUpperCase();
  const level: LogLevel = word === 'ERROR' ? 'error' : word.startsWith('WARN') ? 'warn' : 'info';
  return { time: match[1] ?? null, level, message: match[3] ?? '' };
}

/** "120 lines · 3 warnings · 1 error" under the text area. */
export function logSummary(lines: readonly string[]): string {
  let warnings = 0;
  let errors = 0;
  for (const line of lines) {
    const { level } = parseLogLine(line);
    if (level === 'warn') warnings += 1;
    if (level === 'error') errors += 1;
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(lines.length, 'line')];
  if (warnings > 0) parts.push(plural(warnings, 'warning'));
  if (errors > 0) parts.push(plural(errors, 'error'));
  return parts.join(' · ');
}
