import { server, templateLabel, ui, type TScreenerOutput } from '@tradebot/api-contract';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LineIcon } from '../../../components/line-icon';
import { StockLogo } from '../../../components/stock-logo';
import { useLogos } from '../../../components/use-logos';
import { notify } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useMutationToast } from '../../../lib/use-mutation-toast';
import { useRowSelection, type SelectionState } from '../../../lib/use-row-selection';
import { fixed2, nextOrder, sortByScore, type ScoreOrder } from './sort-stocks';

/**
 * What the ML score's tooltip says: the model's own description, which holds what it is, its
 * held-out figures beside the baseline's and the verdict in plain words.
 */
function modelNote(model: TScreenerOutput['ml_model']): string {
  return model ? model.description : 'No model trained yet';
}

const ARROW: Record<ScoreOrder, string> = { none: '↕', desc: '↓', asc: '↑' };

interface Props {
  output: TScreenerOutput;
  /** The ticked stocks, held by the settings page so a tab switch keeps them. */
  selection: SelectionState;
}

/** The screened stocks with select / select all and the two saves (to the backtesting list and to Optimized Parameters). */
export function ResultsTable({ output, selection: state }: Props) {
  const trpc = useTRPC();
  const run = useMutationToast();
  const toBacktest = useMutation(trpc.stockLists.addToBacktestList.mutationOptions());
  const toOptimized = useMutation(trpc.stockLists.saveToOptimized.mutationOptions());
  const [order, setOrder] = useState<ScoreOrder>('none');
  const rows = useMemo(() => sortByScore(output.symbols, order), [output.symbols, order]);
  const symbols = useMemo(() => rows.map((r) => r.symbol), [rows]);
  const logos = useLogos(useMemo(() => output.symbols.map((r) => r.symbol), [output.symbols]));
  const selection = useRowSelection(symbols, state);
  const { chosen } = selection;

  /** The stocks a save left out (they are on the Final Trading List), named. */
  const warnSkipped = (skipped: readonly string[]) => {
    if (skipped.length > 0) notify.warning(server.skippedOnFinalList(skipped));
  };

  /**
   * Saved stocks leave the results (the server takes them out). Stocks on the Final
   * Trading List are not saved; they are named and stay ticked, the others are saved.
   */
  const saveBacktest = async () => {
    if (chosen.length === 0) return notify.error(ui.noStocksSelectedForBacktesting);
    const saved = await run(() => toBacktest.mutateAsync({ symbols: chosen }), {
      success: (answer) => ui.savedForBacktesting(chosen.length - (answer.skipped ?? []).length),
      failure: ui.saveSelectionsFailed,
      refresh: [trpc.screener.output.queryKey(), trpc.stockLists.backtestList.queryKey()],
    });
    if (!saved.ok) return;
    warnSkipped(saved.answer.skipped ?? []);
    selection.set(saved.answer.skipped ?? []);
  };
  /**
   * Saved stocks stay in the results and the ticks stay as they were (the same stocks may go to
   * the Backtesting List next); stocks on the Final Trading List are named, the others saved.
   */
  const saveOptimized = async () => {
    if (chosen.length === 0) return notify.error(ui.noStocksSelectedForOptimization);
    const saved = await run(() => toOptimized.mutateAsync({ symbols: chosen }), {
      success: (answer) => ui.savedToOptimized(chosen.length - (answer.skipped ?? []).length),
      failure: ui.saveOptimizedFailed,
      refresh: [trpc.stockLists.backtesterOutput.queryKey()],
    });
    if (saved.ok) warnSkipped(saved.answer.skipped ?? []);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="screener-summary">
          {ui.screenerPassed(
            output.symbols.length + output.saved_to_backtest,
            output.total,
            output.template_name ? templateLabel(output.template_name) : null,
            output.saved_to_backtest,
          )}{' '}
          <span data-testid="excluded-count">
            {server.excludedForMissingData(output.excluded_for_missing_data)}
          </span>
        </Text>
        <Group gap="xs">
          <Button
            variant="light"
            loading={toBacktest.isPending}
            onClick={() => void saveBacktest()}
            data-testid="save-backtest"
          >
            Save to Backtesting List
          </Button>
          <Button
            variant="light"
            loading={toOptimized.isPending}
            onClick={() => void saveOptimized()}
            data-testid="save-optimized"
          >
            Save to Optimized Parameters
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={860}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="screener-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select All"
                  checked={selection.all}
                  indeterminate={selection.partial}
                  onChange={selection.toggleAll}
                  data-testid="select-all"
                />
              </Table.Th>
              <Table.Th w={44}>Logo</Table.Th>
              <Table.Th>Symbol</Table.Th>
              <Table.Th>Company</Table.Th>
              <Table.Th>Domain</Table.Th>
              <Table.Th ta="right">Last price</Table.Th>
              <Table.Th ta="right">RSI</Table.Th>
              <Table.Th ta="right">ATR %</Table.Th>
              <Table.Th ta="right">MACD</Table.Th>
              <Table.Th ta="right">
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <UnstyledButton
                    onClick={() => setOrder(nextOrder)}
                    fw={700}
                    fz="sm"
                    data-testid="sort-ml-score"
                  >
                    ML score {ARROW[order]}
                  </UnstyledButton>
                  <Tooltip label={modelNote(output.ml_model)} multiline w={320} withArrow>
                    <Text
                      component="span"
                      c="dimmed"
                      style={{ cursor: 'help', display: 'inline-flex' }}
                      tabIndex={0}
                      aria-label="About the ML score"
                      data-testid="ml-score-info"
                    >
                      <LineIcon size={15}>
                        <circle cx="12" cy="12" r="10" />
                        <path d="M12 16v-5M12 8h.01" />
                      </LineIcon>
                    </Text>
                  </Tooltip>
                </Group>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((stock) => (
              <Table.Tr key={stock.symbol} data-testid="screener-row">
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${stock.symbol}`}
                    checked={selection.selected.has(stock.symbol)}
                    onChange={() => selection.toggle(stock.symbol)}
                  />
                </Table.Td>
                <Table.Td>
                  <StockLogo symbol={stock.symbol} logo={logos[stock.symbol]} />
                </Table.Td>
                <Table.Td fw={600}>{stock.symbol}</Table.Td>
                <Table.Td>{stock.company_name}</Table.Td>
                <Table.Td>
                  {stock.domain ? (
                    <Anchor
                      href={`https://${stock.domain}`}
                      target="_blank"
                      rel="noreferrer"
                      size="sm"
                    >
                      {stock.domain}
                    </Anchor>
                  ) : (
                    '–'
                  )}
                </Table.Td>
                <Table.Td ta="right">{fixed2(stock.last_price)}</Table.Td>
                <Table.Td ta="right">{fixed2(stock.rsi)}</Table.Td>
                <Table.Td ta="right" data-testid="atr-percent">
                  {fixed2(stock.atr_percent)}
                </Table.Td>
                <Table.Td ta="right">{fixed2(stock.macd)}</Table.Td>
                <Table.Td ta="right" data-testid="ml-score">
                  {fixed2(stock.ml_score)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
