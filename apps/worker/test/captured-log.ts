import { workerLogger } from '../src/job-log.js';

/** One parsed line of the worker's JSON log. */
export type LogLine = Record<string, unknown>;

/** The worker's logger writing into an array, each line parsed. */
export function capturedLog(level = 'debug') {
  const lines: LogLine[] = [];
  const log = workerLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** The JSON lines in a worker process's output (other text, and a line cut short, left out). */
export function logLinesOf(output: string[]): LogLine[] {
  return output
    .join('')
    .split('\n')
    .flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}
