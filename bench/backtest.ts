/**
 * Backtest throughput benchmark (not a test). Run: npx tsx bench/backtest.ts [--quick]
 * Workload A: 500 synthetic symbols × 2,520 daily bars × 1,000 parameter sets, plus one pass over the
 * real daily symbols; Workload B: 20 symbols × 98,280 one-minute bars × 200 parameter sets.
 * References (straightforward technicalindicators implementation, grademark) run on a sample in the
 * same process and are extrapolated by their measured per-bar rate.
 */
import { existsSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sliceBars, type StockParams } from '@tradebot/strategy';
import { gbmBars, PRICES_DAILY } from './lib/data.js';
import { grademarkFrame, grademarkRun } from './lib/grademark-run.js';
import { identityCheck } from './lib/identity-check.js';
import { BENCH_CONFIG, KERNEL_NAME } from './lib/kernel.js';
import { optimizerBench } from './lib/optimizer-bench.js';
import { paramSets } from './lib/params.js';
import { shares, WorkerPool } from './lib/pool.js';
import { referenceRun } from './lib/reference.js';
import { fmt, summary, target } from './lib/report.js';
import type { KernelReport, KernelTask } from './lib/worker.js';

const quick = process.argv.includes('--quick');
const WORKERS = 2;
const A = quick
  ? { symbols: 50, bars: 2520, params: 100 }
  : { symbols: 500, bars: 2520, params: 1000 };
const B = quick
  ? { symbols: 4, bars: 98_280, params: 20 }
  : { symbols: 20, bars: 98_280, params: 200 };

interface Pass {
  wall: number;
  rep: KernelReport;
}

/** The bench's worker threads, started by the first pass (whose wall time includes their start). */
const POOL = new WorkerPool(WORKERS);

async function pass(
  source: (from: number, to: number) => KernelTask['source'],
  n: number,
  params: KernelTask['params'],
  workers: number,
): Promise<Pass> {
  const t0 = performance.now();
  const reps = await Promise.all(
    shares(n, workers).map(([from, to], k) =>
      POOL.run<KernelReport>(k, { source: source(from, to), params }),
    ),
  );
  const wall = performance.now() - t0;
  const rep = reps.reduce((a, r) => ({
    symbols: a.symbols + r.symbols,
    barEvals: a.barEvals + r.barEvals,
    genMs: a.genMs + r.genMs,
    prepMs: a.prepMs + r.prepMs,
    simMs: a.simMs + r.simMs,
    checksum: a.checksum + r.checksum,
    trades: a.trades + r.trades,
  }));
  return { wall, rep };
}

function describe(label: string, p: Pass, workers: number): { simRate: number; cpuRate: number } {
  const { rep } = p;
  const simRate = rep.barEvals / (rep.simMs / 1000);
  const cpuRate = rep.barEvals / ((rep.prepMs + rep.simMs) / 1000);
  console.log(
    `${label}: ${rep.symbols} symbols, ${fmt(rep.barEvals)} bar-evaluations, ${rep.trades} trades, ${workers} worker(s)`,
  );
  console.log(
    `  wall ${fmt(p.wall / 1000)} s (data generation/loading ${fmt(rep.genMs / 1000 / workers)} s, indicators ${fmt(rep.prepMs / 1000 / workers)} s, simulate ${fmt(rep.simMs / 1000 / workers)} s per worker)`,
  );
  console.log(
    `  kernel ${fmt(simRate)} bar-evals/s/core (simulate only), ${fmt(cpuRate)} incl. indicators, ${fmt(rep.barEvals / (p.wall / 1000) / workers)} end to end`,
  );
  return { simRate, cpuRate };
}

/**
 * Per-bar rate of `run`, single thread: one untimed warm-up run, then runs k = 0, 1, … until at least
 * `minMs` have passed (and at least 2 runs), so a short sample on this shared machine is not one
 * scheduler hiccup.
 */
function sampleRate(
  minMs: number,
  bars: number,
  run: (k: number) => void,
): { rate: number; runs: number } {
  run(0);
  const t0 = performance.now();
  let runs = 0;
  while (runs < 2 || performance.now() - t0 < minMs) run(runs++);
  return { rate: (runs * bars) / ((performance.now() - t0) / 1000), runs };
}

function references(
  label: string,
  bars: number,
  barsPerYear: number,
  kernelRate: number,
  wantRef: number,
  wantGm: number,
  full: { symbols: number; params: number },
): void {
  const sym = gbmBars('R', bars, 4242, barsPerYear);
  const ps = paramSets(8, 99);
  const pick = (k: number): StockParams => ps[k % ps.length] as StockParams;
  const { rate: ref, runs: refRuns } = sampleRate(2000, bars, (k) =>
    referenceRun(sym, pick(k), { ...BENCH_CONFIG, barsPerYear }),
  );
  const gmBars = Math.min(bars, 10_000);
  const gmSym = sliceBars(sym, 0, gmBars);
  const df = grademarkFrame(gmSym);
  const { rate: gm, runs: gmRuns } = sampleRate(2000, gmBars, (k) =>
    grademarkRun(gmSym, pick(k), df),
  );
  const total = full.symbols * bars * full.params;
  console.log(
    `  reference (technicalindicators per parameter set, costs on), sampled ${refRuns} runs × ${bars} bars: ${fmt(ref)} bar-evals/s → full ${label} ≈ ${fmt(total / ref / 3600)} core-hours (extrapolated)`,
  );
  console.log(
    `  grademark (costs off), sampled ${gmRuns} runs × ${gmBars} bars: ${fmt(gm)} bar-evals/s → full ${label} ≈ ${fmt(total / gm / 3600)} core-hours (extrapolated)`,
  );
  target(
    `${label}: ≥ ${wantRef}× the reference per core`,
    kernelRate / ref >= wantRef,
    `${fmt(kernelRate / ref)}×`,
  );
  target(
    `${label}: ≥ ${wantGm}× grademark per core`,
    kernelRate / gm >= wantGm,
    `${fmt(kernelRate / gm)}×`,
  );
}

async function main(): Promise<void> {
  console.log(
    `kernel: ${KERNEL_NAME}; ${quick ? 'QUICK (scaled-down) run' : 'full run'}; ${WORKERS} worker threads`,
  );
  console.log(`config: ${JSON.stringify(BENCH_CONFIG)}\n`);
  console.log('Identity: kernel vs reference (2 GBM + 2 real symbols × 8 parameter sets)');
  identityCheck();
  if (process.argv.includes('--identity')) return summary();
  const gbm =
    (bars: number, barsPerYear: number, seed: number) =>
    (from: number, to: number): KernelTask['source'] => ({
      kind: 'gbm',
      from,
      to,
      bars,
      barsPerYear,
      seed,
    });

  console.log('\nWorkload A (daily)');
  const a2 = await pass(gbm(A.bars, 252, 1000), A.symbols, { count: A.params, seed: 1 }, WORKERS);
  const rateA = describe(`A synthetic ${A.symbols}×${A.bars}×${A.params}`, a2, WORKERS);
  console.log(
    `  (the wall time includes starting the ${WORKERS} worker threads: ${fmt(POOL.startMs)} ms, and their JIT warm-up)`,
  );
  target(
    'kernel ≥ 1.5e8 bar-evals/s/core on daily bars',
    rateA.simRate >= 1.5e8,
    fmt(rateA.simRate),
  );
  target(
    `Workload A ≤ 10 s end to end${quick ? ' (quick: scaled)' : ''}`,
    a2.wall <= 10_000,
    `${fmt(a2.wall / 1000)} s`,
  );
  const files = existsSync(PRICES_DAILY)
    ? readdirSync(PRICES_DAILY)
        .filter((f) => f.endsWith('.csv'))
        .sort()
        .map((f) => `${PRICES_DAILY}/${f}`)
    : [];
  if (files.length > 0) {
    const real = await pass(
      (from, to) => ({ kind: 'csv', files: files.slice(from, to) }),
      files.length,
      { count: A.params, seed: 1 },
      WORKERS,
    );
    describe(`A real ${files.length} symbols × ${A.params}`, real, WORKERS);
  } else console.log(`  real data not found at ${PRICES_DAILY}: real-symbol pass skipped`);
  references('Workload A', A.bars, 252, rateA.cpuRate, 100, 300, A);

  console.log(
    '\nScaling: one vs two worker threads (first 20% of Workload A symbols, threads already started and warm)',
  );
  const sub = Math.max(2, Math.round(A.symbols / 5));
  const one = await pass(gbm(A.bars, 252, 1000), sub, { count: A.params, seed: 1 }, 1);
  const two = await pass(gbm(A.bars, 252, 1000), sub, { count: A.params, seed: 1 }, 2);
  console.log(
    `  ${sub} symbols: 1 worker ${fmt(one.wall / 1000)} s, 2 workers ${fmt(two.wall / 1000)} s`,
  );
  target(
    '≥ 1.8× speedup from one to two workers',
    one.wall / two.wall >= 1.8,
    `${fmt(one.wall / two.wall)}×`,
  );

  console.log('\nWorkload B (one-minute)');
  const b2 = await pass(
    gbm(B.bars, 98_280, 5000),
    B.symbols,
    { count: B.params, seed: 2 },
    WORKERS,
  );
  const rateB = describe(`B synthetic ${B.symbols}×${B.bars}×${B.params}`, b2, WORKERS);
  target('kernel ≥ 7e7 bar-evals/s/core on minute bars', rateB.simRate >= 7e7, fmt(rateB.simRate));
  references('Workload B', B.bars, 98_280, rateB.cpuRate, 100, 300, B);

  console.log('\nOptimizer');
  await POOL.close();
  await optimizerBench(quick, target);
  summary();
}

void main();
