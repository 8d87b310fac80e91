import { formatMarketTime } from '../../lib/market-time';
import { ui } from '@tradebot/api-contract';
import { Anchor, Code, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import type { BotData } from './use-bot-data';

const LEVEL_COLOR = { info: undefined, warn: 'orange', error: 'red' } as const;
const SHOWN = 15;

/** GET /api/logs: the bot's latest lines (decisions, orders, fills, refusals, halts). */
export function RecentLogs({ logs }: { logs: BotData['logs'] }) {
  return (
    <SectionCard
      title="Bot log"
      testId="recent-logs"
      right={
        <Anchor component={Link} to="/live-log" size="sm">
          Open the live log
        </Anchor>
      }
    >
      <QueryBody query={logs} failed={ui.fetchFailed('logs')} testId="recent-logs">
        {({ logs: lines }) =>
          lines.length === 0 ? (
            <EmptyText testId="recent-logs-empty">
              The bot has not logged anything yet. Its decisions, orders and fills appear here.
            </EmptyText>
          ) : (
            <ScrollArea.Autosize mah={260}>
              <Stack gap={2}>
                {lines
                  .slice(-SHOWN)
                  .reverse()
                  .map((line) => (
                    <Text key={line.id} size="xs" c={LEVEL_COLOR[line.level]} ff="monospace">
                      <Code fz="xs" mr={6}>
                        {formatMarketTime(line.time)}
                      </Code>
                      {line.message}
                    </Text>
                  ))}
              </Stack>
            </ScrollArea.Autosize>
          )
        }
      </QueryBody>
    </SectionCard>
  );
}
