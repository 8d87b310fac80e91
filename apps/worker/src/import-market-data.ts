import type { ImportProgress, ImportReport } from '@tradebot/core';

/** Text of `npm run import-market-data`: a progress bar and the report, kept apart for tests. */

const BAR_WIDTH = 30;

/** `[=========>          ]  37/109 files  93,702 rows  0 rejected  prices-daily/CB.csv` */
export function progressLine(progress: ImportProgress): string {
  const done = Math.round((BAR_WIDTH * progress.filesDone) / progress.filesTotal);
  const bar =
    '='.repeat(Math.max(done - 1, 0)) + (done > 0 ? '>' : '') + ' '.repeat(BAR_WIDTH - done);
  const files = `${String(progress.filesDone).padStart(String(progress.filesTotal).length)}/${progress.filesTotal} files`;
  const rows = `${progress.rows.toLocaleString('en-US')} rows`;
  return `[${bar}] ${files}  ${rows}  ${progress.rejected} rejected  ${progress.file}`;
}

const counted = (what: string, c: ImportReport['bars']) =>
  `${what}: ${c.inserted.toLocaleString('en-US')} new, ${c.updated.toLocaleString('en-US')} updated, ${c.unchanged.toLocaleString('en-US')} unchanged`;

/** The summary, then one line per rejected row: file, row, column, reason. */
export function reportLines(report: ImportReport, seconds: number): string[] {
  const lines = [
    `Imported ${report.filesTotal - report.filesRefused.length} of ${report.filesTotal} files in ${seconds.toFixed(1)} s.`,
    counted('Companies', report.companies),
    counted('Daily bars', report.bars),
  ];
  if (report.rejected.length === 0) return [...lines, 'No rejected rows.'];
  lines.push(`Rejected: ${report.rejected.length} (the other rows of those files were loaded)`);
  if (report.filesRefused.length > 0)
    lines.push(`Files not loaded: ${report.filesRefused.join(', ')}`);
  lines.push('file\trow\tcolumn\treason');
  for (const r of report.rejected)
    lines.push(`${r.file}\t${r.row ?? '-'}\t${r.column ?? '-'}\t${r.reason}`);
  return lines;
}
