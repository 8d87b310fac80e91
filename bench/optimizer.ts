/** Optimizer benchmark alone. Run: npx tsx bench/optimizer.ts [--quick] */
import { optimizerBench } from './lib/optimizer-bench.js';
import { summary, target } from './lib/report.js';

await optimizerBench(process.argv.includes('--quick'), target);
summary();
