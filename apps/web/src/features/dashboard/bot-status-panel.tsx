import { formatMarketTime } from '../../lib/market-time';
import type { TBotStatus } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Alert, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modeLabel, money, percent, pnlColor, signedMoney } from './bot-format';
import { BotConfigLine } from './bot-config-line';
import { BotControls } from './bot-controls';
import { EdgeEvidenceLine } from './edge-evidence-line';
import { QueryBody, SectionCard } from './section-card';
import type { BotActions } from './use-bot-actions';
import type { BotData } from './use-bot-data';
import { Figure } from './figure';

const MODE_COLOR = { demo: 'grape', paper: 'blue', live: 'orange' } as const;

function StatusBody({ status }: { status: TBotStatus }) {
  const running = status.status === 'running';
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge
          size="lg"
          color={running ? 'green' : 'red'}
          variant="filled"
          data-testid="bot-running"
          data-state={status.status}
        >
          {running ? 'Running' : 'Stopped'}
        </Badge>
        {status.mode && (
          <Badge size="lg" variant="light" color={MODE_COLOR[status.mode]} data-testid="bot-mode">
            {modeLabel(status.mode)}
          </Badge>
        )}
        <Text size="xs" c="dimmed" data-testid="bot-last-tick">
          {status.last_tick_at
            ? `Last check ${formatMarketTime(status.last_tick_at)}`
            : running
              ? 'Waiting for the first check…'
              : 'Start the bot to trade your Final Trading List.'}
        </Text>
      </Group>
      {status.halted && (
        <Alert color="orange" variant="light" title="Trading halted" data-testid="bot-halted">
          {status.halt_reason ?? 'The account hit its maximum drawdown.'} No new positions are
          opened until the bot is restarted; exits and protective orders still run.
        </Alert>
      )}
      {status.last_error && (
        <Alert color="red" variant="light" title="Last error" data-testid="bot-last-error">
          {status.last_error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
        <Figure label="Equity" value={money(status.equity)} testId="bot-equity" />
        <Figure label="Cash" value={money(status.cash)} testId="bot-cash" />
        <Figure label="Buying power" value={money(status.buying_power)} testId="bot-buying-power" />
        <Figure
          label="Daily P&L"
          value={signedMoney(status.daily_pnl)}
          color={pnlColor(status.daily_pnl)}
          testId="bot-daily-pnl"
        />
        <Figure
          label="Drawdown"
          value={percent(status.drawdown_pct)}
          color={status.drawdown_pct ? 'red' : undefined}
          testId="bot-drawdown"
        />
        <Figure
          label="Last activity"
          value={formatMarketTime(status.last_activity)}
          testId="bot-last-activity"
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Bot status panel (green while running, red otherwise) with the bot's controls. */
export function BotStatusPanel({ data, actions }: { data: BotData; actions: BotActions }) {
  return (
    <SectionCard title="Trading bot" testId="bot-status-panel">
      <Stack gap="md">
        <QueryBody query={data.status} failed={ui.fetchFailed('bot status')} testId="bot-status">
          {(status) => <StatusBody status={status} />}
        </QueryBody>
        <BotControls status={data.status.data} actions={actions} />
        <EdgeEvidenceLine running={data.status.data?.status === 'running'} />
        <BotConfigLine config={data.config} />
      </Stack>
    </SectionCard>
  );
}
