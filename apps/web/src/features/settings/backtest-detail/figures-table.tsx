import type { TBacktestResult } from '@tradebot/api-contract';
import { Table } from '@mantine/core';
import { count, fraction, ratio, signedMoney, signedPercent } from './format';

type Figures = TBacktestResult['figures']['chosen'];

const ROWS: readonly [string, (f: Figures) => string][] = [
  ['Profit', (f) => signedMoney(f.profit)],
  ['Return', (f) => signedPercent(f.return_pct)],
  ['Sharpe', (f) => ratio(f.sharpe)],
  ['Max drawdown', (f) => fraction(f.max_drawdown)],
  ['Trades', (f) => count(f.trades)],
  ['Win rate', (f) => fraction(f.win_rate)],
];

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** Chosen / defaults / buy-and-hold over the whole window, one figure per row. */
export function FiguresTable({ figures }: { figures: TBacktestResult['figures'] }) {
  return (
    <Table striped verticalSpacing={4} data-testid="figures-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th ta="right">Chosen (in sample)</Table.Th>
          <Table.Th ta="right">Defaults</Table.Th>
          <Table.Th ta="right">Buy and hold</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ROWS.map(([label, show]) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {show(figures.chosen)}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {show(figures.defaults)}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {show(figures.buy_and_hold)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
