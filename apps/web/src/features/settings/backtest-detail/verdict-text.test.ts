import { server } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { deflatedSharpeLine, profitLines, verdictText } from './verdict-text';

const luck = server.verdictBelowSignificance;
const oos = server.verdictNoOutOfSampleProfit;

describe('verdictText', () => {
  it('drops the title words from the summary and the reason it already gives', () => {
    expect(
      verdictText({
        no_robust_edge: true,
        summary: server.verdictNoEdge(luck),
        reasons: [luck, oos],
        deflated_sharpe: 0.03,
      }),
    ).toEqual({ summary: luck, reasons: [oos] });
  });

  it('keeps a summary without the prefix and every reason it does not contain', () => {
    const summary = server.verdictEdge(12);
    expect(
      verdictText({ no_robust_edge: false, summary, reasons: [], deflated_sharpe: 0.97 }),
    ).toEqual({ summary, reasons: [] });
  });
});

describe('the verdict reads true of its figures', () => {
  const noEdge = (reasons: string[]) => ({
    no_robust_edge: true,
    summary: server.verdictNoEdge(reasons[0] ?? ''),
    reasons,
    deflated_sharpe: 0.4,
  });

  it('never calls a training loss "gains", even in a result stored before the fix', () => {
    const text = verdictText(noEdge([luck, oos]), { inSampleProfit: -812.4, outOfSampleTrades: 5 });
    expect(text.summary).toBe(server.verdictTrainingLoss);
    expect(JSON.stringify(text)).not.toContain('gains');
    expect(verdictText(noEdge([luck]), { inSampleProfit: 90, outOfSampleTrades: 5 }).summary).toBe(
      luck,
    );
  });

  it('says "no trades" out of sample rather than "did not make money"', () => {
    const text = verdictText(noEdge([luck, oos]), { inSampleProfit: 90, outOfSampleTrades: 0 });
    expect(text.reasons).toEqual([server.verdictNoOutOfSampleTrades]);
  });
});

const figures = (profit: number) => ({
  profit,
  return_pct: 0,
  sharpe: 0,
  max_drawdown: 0,
  trades: 0,
  win_rate: null,
});
const result = (oosProfit: number, oosTrades: number, isProfit: number) => ({
  out_of_sample: {
    profit: oosProfit,
    sharpe: 0,
    trades: oosTrades,
    folds: 4,
    from: null,
    to: null,
  },
  in_sample: { profit: isProfit, trades: 10, min_trades: 4 },
  figures: { chosen: figures(1500), defaults: figures(0), buy_and_hold: figures(0) },
  months: 12,
});

describe('profitLines', () => {
  it('gives each of the three profits one line saying what it measures', () => {
    const lines = profitLines(result(250, 7, -40));
    expect(lines.map((line) => line.key)).toEqual(['out_of_sample', 'training', 'tested']);
    expect(lines[0]?.text).toMatch(/^Out of sample \+\$250\.00: .*not seen/);
    expect(lines[1]?.text).toMatch(/^Training window −\$40\.00: .*picked on/);
    expect(lines[2]?.text).toMatch(/^Whole window \+\$1,500\.00: .*last 12 months.*in sample too/);
  });

  it('says plainly when there were no out-of-sample trades', () => {
    const [line] = profitLines(result(0, 0, 300));
    expect(line?.text).toMatch(/^Out of sample: no trades\./);
    expect(line?.text).toContain('means no evidence');
  });
});

describe('deflatedSharpeLine', () => {
  it('explains it the right way round, on the training window', () => {
    const line = deflatedSharpeLine(0.97, 750);
    expect(line).toContain('Deflated Sharpe 0.97: measured on the training window');
    expect(line).toContain('more than the luck of picking the best of 750 parameter sets');
    expect(line).not.toMatch(/beats the best of \d+ tries by luck/);
    expect(deflatedSharpeLine(null, 750)).toContain('could not be computed');
  });
});
