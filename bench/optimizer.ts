/**
 * Optimizer benchmark alone. Run: npx tsx bench/optimizer.ts [--quick]
 * Out-of-sample comparison instead: --holdout (symbols the default was chosen on) or --test (the test's
 * 10 symbols), with --seeds=… (default 1,2 for --holdout, 7,8,9,10 for --test).
 */
import { holdoutTable } from './lib/holdout.js';
import { optimizerBench } from './lib/optimizer-bench.js';
import { summary, target } from './lib/report.js';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const test = process.argv.includes('--test');
if (test || process.argv.includes('--holdout')) {
  holdoutTable(test, (arg('seeds') ?? (test ? '7,8,9,10' : '1,2')).split(',').map(Number));
} else {
  await optimizerBench(process.argv.includes('--quick'), target);
  summary();
}
