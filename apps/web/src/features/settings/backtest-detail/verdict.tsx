import type { TBacktestResult } from '@tradebot/api-contract';
import { Alert, Card, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { count, ratio, signedMoney } from './format';
import { deflatedSharpeLine, profitLines, verdictText } from './verdict-text';

/**
 * The verdict first (spec: judge the result before trusting money to it): the summary, each
 * failed check, then the out-of-sample figures beside the in-sample ones, labelled so a trader
 * sees which are honest.
 */
export function Verdict({ result }: { result: TBacktestResult }) {
  const { verdict, out_of_sample: oos, in_sample: is } = result;
  const weak = verdict.no_robust_edge;
  const fragile = result.robustness?.fragile === true;
  const { summary, reasons } = verdictText(verdict, {
    inSampleProfit: is.profit,
    outOfSampleTrades: oos.trades,
  });
  return (
    <div>
      <Alert
        color={weak ? 'orange' : fragile ? 'yellow' : 'green'}
        title={
          weak
            ? 'No robust edge found'
            : fragile
              ? 'The edge held up out of sample, but it is fragile'
              : 'The edge held up out of sample'
        }
        data-testid="backtest-verdict"
      >
        <Text size="sm">{summary}</Text>
        {reasons.length > 0 && (
          <List size="sm" mt="xs" spacing={2}>
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        )}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md" spacing="md">
        <Card withBorder padding="sm" data-testid="out-of-sample">
          <Title order={5}>Out of sample (walk-forward)</Title>
          <Text size="xs" c="dimmed" mb={6}>
            The honest test: each fold&apos;s winner traded on months it never saw
            {oos.from && oos.to ? ` (${oos.from} to ${oos.to})` : ''}.
          </Text>
          <Rows
            rows={[
              ['Profit', signedMoney(oos.profit)],
              ['Sharpe', ratio(oos.sharpe)],
              ['Trades', count(oos.trades)],
              ['Folds', String(oos.folds)],
            ]}
          />
          {oos.folds > 0 && oos.trades === 0 && (
            <Text size="xs" fw={600} mt={4} data-testid="no-out-of-sample-trades">
              No trades out of sample: nothing here shows the parameters work on months they were
              not fitted on.
            </Text>
          )}
        </Card>
        <Card withBorder padding="sm" data-testid="in-sample">
          <Title order={5}>In sample (fitted)</Title>
          <Text size="xs" c="dimmed" mb={6}>
            Optimistic: the chosen parameters were picked because they did well on this history.
          </Text>
          <Rows
            rows={[
              ['Profit in its training window', signedMoney(is.profit)],
              ['Trades in its training window', count(is.trades)],
              ['Trades required', String(is.min_trades)],
              ['Parameter sets tried', String(result.trials)],
              ['Months tested', result.months.toFixed(0)],
              ['Deflated Sharpe', ratio(verdict.deflated_sharpe)],
            ]}
          />
          <Text size="xs" c="dimmed" mt={4} data-testid="deflated-sharpe-note">
            {deflatedSharpeLine(verdict.deflated_sharpe, result.trials)}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="sm" mt="md" data-testid="profit-lines">
        <Title order={5} mb={4}>
          Three profits, three questions
        </Title>
        <Stack gap={4}>
          {profitLines(result).map((line) => (
            <Text key={line.key} size="sm" data-testid={`profit-line-${line.key}`}>
              {line.text}
            </Text>
          ))}
        </Stack>
      </Card>
    </div>
  );
}

function Rows({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td c="dimmed" fz="sm" pl={0}>
              {label}
            </Table.Td>
            <Table.Td ta="right" fz="sm" fw={600} pr={0}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
