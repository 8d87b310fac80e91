import {
  parameterLabel,
  server,
  ZBacktestResult,
  ZStockParameters,
  type TBacktestResult,
  type TBacktestSettings,
} from '@tradebot/api-contract';
import type { UniverseName } from '@tradebot/db';
import { isoFromDay, DAY_MS } from '@tradebot/market';
import {
  backtest,
  computeMetrics,
  toBestParameters,
  type BacktestConfig,
  type Metrics,
  type NoEdgeReason,
  type OptimizationReport,
  type RobustnessMap,
  type StockParams,
  type Trade,
  type WalkForwardResult,
} from '@tradebot/strategy';
import type { BacktestPlan } from './backtest-bars.js';
import { defaultParameters, type SearchParams } from './backtest-optimize.js';

type Figures = TBacktestResult['figures']['chosen'];

const dateOf = (ms: number) => isoFromDay(Math.floor(ms / DAY_MS));
const cents = (x: number) => Math.round(x * 100) / 100;
const price = (x: number) => Math.round(x * 10_000) / 10_000;
const finite = (x: number) => (Number.isFinite(x) ? x : 0);

function figuresOf(m: Metrics, initial: number, winRate: number | null): Figures {
  return {
    profit: cents(m.profit),
    return_pct: Math.round((m.profit / initial) * 10_000) / 100,
    sharpe: Math.round(finite(m.sharpe) * 1000) / 1000,
    max_drawdown: Math.round(m.maxDrawdown * 100) / 10_000,
    trades: m.trades,
    win_rate: winRate,
  };
}

const winRateOf = (m: Metrics) => (m.trades > 0 ? Math.round(m.winRate * 10) / 1000 : null);

/** Buy at the window's first open (slippage and commission paid), hold to its last close. */
function buyAndHold(plan: BacktestPlan, config: BacktestConfig) {
  const { bars, start } = plan;
  const end = bars.close.length;
  const fill = (bars.open[start] as number) * (1 + config.slippage_percent / 100);
  const qty = Math.max(
    0,
    Math.floor(config.initial_balance / (fill + config.commission_per_share)),
  );
  const cash = config.initial_balance - qty * (fill + config.commission_per_share);
  const equity = new Float64Array(end - start);
  for (let i = start; i < end; i++) equity[i - start] = cash + qty * (bars.close[i] as number);
  const m = computeMetrics([], equity, config.initial_balance);
  const held = { ...m, trades: qty > 0 ? 1 : 0 };
  return {
    equity,
    figures: figuresOf(held, config.initial_balance, qty > 0 ? (m.profit > 0 ? 1 : 0) : null),
  };
}

/** The folds' winners on their test windows, each starting from the previous one's end equity. */
function walkForwardEquity(
  plan: BacktestPlan,
  wf: WalkForwardResult<SearchParams>,
  config: BacktestConfig,
): (number | null)[] {
  const out = new Array<number | null>(plan.bars.close.length - plan.start).fill(null);
  let level = config.initial_balance;
  for (const fold of wf.folds) {
    const r = backtest(plan.bars, fold.params, config, fold.fold.test);
    const scale = level / config.initial_balance;
    r.equity.forEach((e, k) => {
      out[fold.fold.test.start - plan.start + k] = cents(e * scale);
    });
    level = (r.equity[r.equity.length - 1] ?? config.initial_balance) * scale;
  }
  return out;
}

/** One failed check in plain words, true of the figures shown beside it. */
export function reasonText(
  reason: NoEdgeReason,
  report: Pick<
    OptimizationReport,
    'inSampleProfit' | 'inSampleTrades' | 'minTrades' | 'trials' | 'outOfSampleTrades'
  >,
): string {
  switch (reason) {
    case 'too_few_trades':
      return server.verdictTooFewTrades(report.inSampleTrades, report.minTrades);
    case 'below_significance_bar':
      // A loss is below the bar too; it is not "gains within luck".
      return report.inSampleProfit > 0
        ? server.verdictBelowSignificance
        : server.verdictTrainingLoss;
    case 'low_deflated_sharpe':
      return server.verdictLowDeflatedSharpe(report.trials);
    case 'no_out_of_sample':
      return server.verdictNoOutOfSample;
    case 'no_out_of_sample_profit':
      return report.outOfSampleTrades === 0
        ? server.verdictNoOutOfSampleTrades
        : server.verdictNoOutOfSampleProfit;
  }
}

function tradeOf(t: Trade): TBacktestResult['trades'][number] {
  return {
    side: t.side,
    entry_date: dateOf(t.entryTime),
    exit_date: dateOf(t.exitTime),
    entry_price: price(t.entryPrice),
    exit_price: price(t.exitPrice),
    quantity: t.quantity,
    net_pnl: cents(t.netPnl),
    reason: t.reason,
  };
}

/**
 * The parameters as stored, shown and traded: the search's continuous values kept to 4
 * significant digits (24.545208… → 24.55, 0.0125 stays), and the chosen set's curve is computed
 * with exactly these.
 */
const parametersOf = (p: StockParams) =>
  ZStockParameters.parse(
    Object.fromEntries(
      Object.entries(p).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toPrecision(4)) : v]),
    ),
  );

const pointOf = (p: { profit: number; sharpe: number } | null) =>
  p === null
    ? null
    : { profit: cents(p.profit), sharpe: Math.round(finite(p.sharpe) * 1000) / 1000 };

/** The map as stored: profits in cents, Sharpe ratios to 3 decimals, steps to 4 significant digits. */
function robustnessOf(map: RobustnessMap): TBacktestResult['robustness'] {
  return {
    fragile: map.fragile,
    flips: map.flips,
    centre: {
      profit: cents(map.centre.profit),
      sharpe: Math.round(finite(map.centre.sharpe) * 1000) / 1000,
    },
    offsets: map.offsets,
    params: map.params.map((p) => ({
      name: p.name,
      kind: p.kind,
      step: Number(p.step.toPrecision(4)),
      neighbours: p.neighbours.map(pointOf),
    })),
    grid: map.grid && {
      x: map.grid.x,
      y: map.grid.y,
      offsets: map.gridOffsets,
      cells: map.grid.cells.map((row) => row.map(pointOf)),
    },
  };
}

/** What a completed backtest stores: the detail view's whole content (ZBacktestResult). */
export function buildBacktestResult(input: {
  symbol: string;
  universe: UniverseName;
  /** The Alpaca feed that filled the cache (alpaca universe); null otherwise. */
  feed: 'iex' | 'sip' | null;
  settings: TBacktestSettings;
  plan: BacktestPlan;
  config: BacktestConfig;
  wf: WalkForwardResult<SearchParams>;
  /** The run's robustness map (robustnessOfSymbol). */
  robustness: RobustnessMap;
  completedAt: Date;
}): { result: TBacktestResult; report: OptimizationReport } {
  const { plan, config, wf, robustness } = input;
  const window = { start: plan.start, end: plan.bars.close.length };
  const report = toBestParameters(input.symbol, wf);
  const chosenParams = parametersOf(wf.final.best.params);
  const defaults = defaultParameters(input.settings);
  const chosen = backtest(plan.bars, chosenParams, config, window);
  const base = backtest(plan.bars, defaults, config, window);
  const hold = buyAndHold(plan, config);
  const reasons = report.noEdgeReasons.map((r) => reasonText(r, report));
  const flipped = robustness.flips.map(parameterLabel).join(' or ');
  if (robustness.fragile)
    reasons.push(server.verdictFragile(flipped, robustness.centre.profit > 0));
  const first = wf.folds[0];
  const last = wf.folds[wf.folds.length - 1];
  const slice = (a: Float64Array) => Array.from(a.subarray(window.start, window.end), price);
  const result: TBacktestResult = {
    symbol: input.symbol,
    completed_at: input.completedAt.toISOString(),
    universe: input.universe,
    settings: input.settings,
    parameters: chosenParams,
    default_parameters: parametersOf(defaults),
    verdict: {
      no_robust_edge: report.noRobustEdge,
      reasons,
      summary: report.noRobustEdge
        ? server.verdictNoEdge(reasons[0] ?? '')
        : robustness.fragile
          ? server.verdictEdgeFragile(plan.months, flipped)
          : server.verdictEdge(plan.months),
      deflated_sharpe:
        report.deflatedSharpe === null || !Number.isFinite(report.deflatedSharpe)
          ? null
          : report.deflatedSharpe,
    },
    out_of_sample: {
      profit: cents(wf.outOfSample.profit),
      sharpe: finite(wf.outOfSample.sharpe),
      trades: report.outOfSampleTrades,
      folds: report.folds,
      from: first ? dateOf(plan.bars.time[first.fold.test.start] as number) : null,
      to: last ? dateOf(plan.bars.time[last.fold.test.end - 1] as number) : null,
    },
    in_sample: {
      profit: cents(report.inSampleProfit),
      trades: report.inSampleTrades,
      min_trades: report.minTrades,
    },
    trials: report.trials,
    months: plan.months,
    dates: Array.from(chosen.times, dateOf),
    equity: {
      chosen: Array.from(chosen.equity, cents),
      defaults: Array.from(base.equity, cents),
      buy_and_hold: Array.from(hold.equity, cents),
      walk_forward: walkForwardEquity(plan, wf, config),
    },
    figures: {
      chosen: figuresOf(chosen.metrics, config.initial_balance, winRateOf(chosen.metrics)),
      defaults: figuresOf(base.metrics, config.initial_balance, winRateOf(base.metrics)),
      buy_and_hold: hold.figures,
    },
    bars: {
      open: slice(plan.bars.open),
      high: slice(plan.bars.high),
      low: slice(plan.bars.low),
      close: slice(plan.bars.close),
    },
    trades: chosen.trades.map(tradeOf),
    data: {
      source: input.universe,
      feed: input.universe === 'alpaca' ? input.feed : null,
      from: dateOf(plan.bars.time[0] as number),
      to: dateOf(plan.bars.time[window.end - 1] as number),
      tested_from: dateOf(plan.bars.time[window.start] as number),
      tested_to: dateOf(plan.bars.time[window.end - 1] as number),
    },
    robustness: robustnessOf(robustness),
  };
  return { result: ZBacktestResult.parse(result), report };
}
