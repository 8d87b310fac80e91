/** Worker thread body: builds its share of symbols, precomputes indicators, runs every parameter set. */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { gbmBars, loadDailyCsv, type Bars } from './data.js';
import { SeriesPool } from '@tradebot/strategy';
import { BENCH_CONFIG, prepareSymbol } from './kernel.js';
import { paramSets } from './params.js';

export interface KernelTask {
  source:
    | { kind: 'gbm'; from: number; to: number; bars: number; barsPerYear: number; seed: number }
    | { kind: 'csv'; files: string[] };
  params: { count: number; seed: number };
}

export interface KernelReport {
  symbols: number;
  barEvals: number;
  genMs: number;
  prepMs: number;
  simMs: number;
  checksum: number;
  trades: number;
}

/** One per thread: each symbol's indicator series reuse the previous symbol's buffers. */
const POOL = new SeriesPool();

export function runKernelTask(task: KernelTask): KernelReport {
  const params = paramSets(task.params.count, task.params.seed);
  const rep: KernelReport = {
    symbols: 0,
    barEvals: 0,
    genMs: 0,
    prepMs: 0,
    simMs: 0,
    checksum: 0,
    trades: 0,
  };
  const src = task.source;
  const count = src.kind === 'gbm' ? src.to - src.from : src.files.length;
  for (let k = 0; k < count; k++) {
    let t = performance.now();
    const bars: Bars =
      src.kind === 'gbm'
        ? gbmBars(`G${src.from + k}`, src.bars, src.seed + src.from + k, src.barsPerYear)
        : loadDailyCsv(src.files[k] as string, String(k));
    rep.genMs += performance.now() - t;
    t = performance.now();
    const sym = prepareSymbol(
      bars,
      src.kind === 'gbm' ? { ...BENCH_CONFIG, barsPerYear: src.barsPerYear } : BENCH_CONFIG,
      POOL,
    );
    sym.prepare(params);
    rep.prepMs += performance.now() - t;
    t = performance.now();
    for (const p of params) {
      const r = sym.run(p);
      rep.checksum += r.profit;
      rep.trades += r.trades;
    }
    rep.simMs += performance.now() - t;
    t = performance.now();
    sym.release();
    rep.prepMs += performance.now() - t;
    rep.symbols++;
    rep.barEvals += bars.close.length * params.length;
  }
  return rep;
}

// A pool worker: runs each task it is sent and posts the report back (`WorkerPool` in pool.ts).
const port = parentPort;
if (port) port.on('message', (task: KernelTask) => port.postMessage(runKernelTask(task)));
