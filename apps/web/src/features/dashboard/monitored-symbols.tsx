import type { TTrackedSymbol } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { StockLogo } from '../../components/stock-logo';
import { useLogos } from '../../components/use-logos';
import { holdingLabel, money, pnlColor, quantity, signedMoney } from './bot-format';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import type { BotData } from './use-bot-data';

const indicator = (value: number | null, digits = 2) =>
  value === null ? '–' : value.toFixed(digits);

function SymbolCard({
  row,
  logo,
  selected,
  onSelect,
}: {
  row: TTrackedSymbol;
  logo: string | null | undefined;
  selected: boolean;
  onSelect: () => void;
}) {
  const label = holdingLabel(row.qty);
  return (
    <UnstyledButton onClick={onSelect} aria-pressed={selected} aria-label={`Chart ${row.symbol}`}>
      <Paper
        withBorder
        p="sm"
        radius="md"
        data-testid={`tracked-${row.symbol}`}
        style={selected ? { borderColor: 'var(--mantine-color-blue-filled)' } : undefined}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <StockLogo symbol={row.symbol} logo={logo} size={24} />
            <Text fw={700}>{row.symbol}</Text>
          </Group>
          <Badge size="sm" variant="light" color={label === 'Holding' ? 'teal' : 'gray'}>
            {label}
          </Badge>
        </Group>
        <Stack gap={2} mt={6}>
          <Text size="sm">{money(row.last_price)}</Text>
          <Text size="xs" c="dimmed">
            RSI {indicator(row.rsi, 1)} · ATR {indicator(row.atr)} · MACD {indicator(row.macd)}
          </Text>
          {row.qty !== 0 && (
            <Text size="xs">
              {quantity(row.qty)} @ {money(row.avg_price)} ·{' '}
              <Text span c={pnlColor(row.unrealized_pl)} inherit>
                {signedMoney(row.unrealized_pl)}
              </Text>
            </Text>
          )}
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * Monitored symbols: the Final Trading List's stocks and held ones, each with its logo
 * ('No Logo', 'Loading...'), Holding or Watching; a click charts it below.
 */
export function MonitoredSymbols({
  tracked,
  selected,
  onSelect,
}: {
  tracked: BotData['tracked'];
  selected: string | null;
  onSelect: (symbol: string) => void;
}) {
  const logos = useLogos((tracked.data ?? []).map((row) => row.symbol));
  return (
    <SectionCard title="Monitored symbols" testId="monitored">
      <QueryBody query={tracked} failed={ui.fetchFailed('monitored symbols')} testId="monitored">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyText testId="monitored-empty">
              No symbols monitored. Add stocks to your Final Trading List in Settings, then start
              the bot.
            </EmptyText>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {rows.map((row) => (
                <SymbolCard
                  key={row.symbol}
                  row={row}
                  logo={logos[row.symbol]}
                  selected={selected === row.symbol}
                  onSelect={() => onSelect(row.symbol)}
                />
              ))}
            </SimpleGrid>
          )
        }
      </QueryBody>
    </SectionCard>
  );
}
