import type { TPortfolioMonteCarlo } from '@tradebot/api-contract';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMemo } from 'react';
import { ChartLegend } from './chart-legend';
import { drawdownBins } from './portfolio-chart-data';
import { useChartColors } from './use-chart';

type Simulated = Extract<TPortfolioMonteCarlo, { ok: true }>;

const HEIGHT = 240;
const PAD = { top: 22, right: 12, bottom: 30, left: 50 };

const pct = (share: number, digits = 0) => `${(share * 100).toFixed(digits)} %`;

/**
 * How deep the simulated year's worst fall goes: the share of paths per 2 % of max drawdown,
 * with the account's halt drawn as a line (bars at or beyond it are the paths that reach it).
 * Plain SVG: the price-chart library draws only time on its horizontal axis.
 */
export function DrawdownHistogram({ risk }: { risk: Simulated }) {
  const colors = useChartColors();
  const { ref, width } = useElementSize();
  const bins = useMemo(() => drawdownBins(risk.max_drawdown.histogram, risk.halt_drawdown), [risk]);
  const top = Math.max(...bins.map((b) => b.share), 0.01);
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const span = bins.length * risk.max_drawdown.histogram.bin_width;
  const x = (drawdown: number) => PAD.left + (drawdown / span) * plotW;
  const y = (share: number) => PAD.top + plotH - (share / top) * plotH;
  // About one label per 45 px at most.
  const tickStep = [0.02, 0.05, 0.1, 0.2].find((step) => (plotW * step) / span >= 45) ?? 0.2;
  const ticks = Array.from(
    { length: Math.floor(span / tickStep + 1e-9) + 1 },
    (_, k) => k * tickStep,
  );
  const haltX = x(risk.halt_drawdown);
  return (
    <div>
      <Box ref={ref} h={HEIGHT} data-testid="preview-drawdown-histogram">
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={`Max drawdown of ${risk.paths} simulated years: median ${pct(risk.max_drawdown.p50, 1)}, 1 path in 20 beyond ${pct(risk.max_drawdown.p95, 1)}; the halt at ${pct(risk.halt_drawdown)} is reached in ${pct(risk.halt_probability, 1)} of paths.`}
            style={{ background: colors.background, display: 'block' }}
          >
            {[0, 0.5, 1].map((f) => (
              <g key={f}>
                <line
                  x1={PAD.left}
                  x2={PAD.left + plotW}
                  y1={y(top * f)}
                  y2={y(top * f)}
                  stroke={colors.grid}
                />
                <text
                  x={PAD.left - 6}
                  y={y(top * f) + 4}
                  fontSize={11}
                  textAnchor="end"
                  fill={colors.text}
                >
                  {pct(top * f, top < 0.2 ? 1 : 0)}
                </text>
              </g>
            ))}
            {bins.map((b) => (
              <rect
                key={b.from}
                x={x(b.from) + 1}
                y={y(b.share)}
                width={Math.max(1, x(b.to) - x(b.from) - 2)}
                height={PAD.top + plotH - y(b.share)}
                fill={b.halted ? colors.down : colors.chosen}
                data-halted={b.halted}
              >
                <title>{`${pct(b.from)} to ${pct(b.to)}: ${b.count.toLocaleString('en-US')} paths (${pct(b.share, 1)})`}</title>
              </rect>
            ))}
            {ticks.map((t) => (
              <text
                key={t}
                x={x(t)}
                y={HEIGHT - PAD.bottom + 16}
                fontSize={11}
                textAnchor="middle"
                fill={colors.text}
              >
                {pct(t)}
              </text>
            ))}
            <line
              x1={haltX}
              x2={haltX}
              y1={PAD.top - 4}
              y2={PAD.top + plotH}
              stroke={colors.down}
              strokeWidth={2}
              strokeDasharray="5 4"
              data-testid="preview-histogram-halt"
            />
            <text
              x={haltX}
              y={PAD.top - 8}
              fontSize={11}
              fontWeight={600}
              textAnchor={haltX > PAD.left + plotW * 0.8 ? 'end' : 'middle'}
              fill={colors.down}
            >
              Halt {pct(risk.halt_drawdown)}
            </text>
          </svg>
        )}
      </Box>
      <ChartLegend
        items={[
          { label: 'Paths by max drawdown', color: colors.chosen },
          {
            label: `Reach the halt (${pct(risk.halt_probability, 1)})`,
            color: colors.down,
            dashed: true,
          },
        ]}
      />
    </div>
  );
}
