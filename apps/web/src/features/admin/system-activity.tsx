import type { TAdminBot, TAdminSystem } from '@tradebot/api-contract';
import { Badge, Card, ScrollArea, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMarketTime, formatWallTime } from '../../lib/market-time';

const OUTCOME = {
  ok: { color: 'green', label: 'OK' },
  failed: { color: 'red', label: 'Failed' },
  halted: { color: 'orange', label: 'Halted' },
  waiting: { color: 'gray', label: 'No tick yet' },
} as const;

function Section(props: { title: string; empty: string; rows: number; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="md" mb="xs">
        {props.title}
      </Title>
      {props.rows === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        <ScrollArea>{props.children}</ScrollArea>
      )}
    </Card>
  );
}

function BotRow({ bot }: { bot: TAdminBot }) {
  const outcome = OUTCOME[bot.outcome];
  return (
    <Table.Tr data-testid={`system-bot-${bot.username}`}>
      <Table.Td>
        <Text size="sm">{bot.username}</Text>
        <Text size="xs" c="dimmed">
          {bot.email ?? '-'}
        </Text>
      </Table.Td>
      <Table.Td>{bot.market === 'demo' ? 'Demo market' : `Alpaca ${bot.mode}`}</Table.Td>
      <Table.Td>{formatMarketTime(bot.last_tick_at)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={outcome.color}>
          {outcome.label}
        </Badge>
      </Table.Td>
      <Table.Td maw={360} className="wrap">
        <Text size="sm" lineClamp={3}>
          {bot.detail ?? '-'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Every running bot and the outcome of its last tick (on its own market's clock). */
export function RunningBots({ bots }: { bots: TAdminBot[] }) {
  return (
    <Section title="Running bots" empty="No bot is running." rows={bots.length}>
      <Table className="data-table" striped verticalSpacing="xs" data-testid="system-bots">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Market</Table.Th>
            <Table.Th>Last tick</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Detail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bots.map((bot) => (
            <BotRow key={bot.user_id} bot={bot} />
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** One recorded error: when (wall time), whose, on what, its state and the error's words. */
interface ErrorRow {
  at: string;
  username: string;
  what: string;
  status: string;
  error: string;
}

/** A table of recorded errors, newest first as the server sends them. */
function ErrorTable({ rows, what, testId }: { rows: ErrorRow[]; what: string; testId: string }) {
  return (
    <Table className="data-table" striped verticalSpacing="xs" data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>User</Table.Th>
          <Table.Th>{what}</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Error</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={i}>
            <Table.Td>{formatWallTime(row.at)}</Table.Td>
            <Table.Td>{row.username}</Table.Td>
            <Table.Td>{row.what}</Table.Td>
            <Table.Td>{row.status}</Table.Td>
            <Table.Td maw={360} className="wrap">
              {row.error}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The last order errors from brokers and the last failed alert deliveries (wall time). */
export function RecentErrors({ system }: { system: TAdminSystem }) {
  return (
    <>
      <Section
        title="Recent broker errors"
        empty="No order has a broker error."
        rows={system.broker_errors.length}
      >
        <ErrorTable
          what="Order"
          testId="broker-errors"
          rows={system.broker_errors.map((row) => ({ ...row, what: `${row.side} ${row.symbol}` }))}
        />
      </Section>
      <Section
        title="Recent alert delivery errors"
        empty="No alert delivery has failed."
        rows={system.alert_errors.length}
      >
        <ErrorTable
          what="Channel"
          testId="alert-errors"
          rows={system.alert_errors.map((row) => ({ ...row, what: row.channel }))}
        />
      </Section>
    </>
  );
}
