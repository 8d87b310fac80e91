import { ui } from '@tradebot/api-contract';
import { Alert, Badge, Button, Card, Group, Text, Textarea } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Page } from '../../components/page';
import { labelLogLine } from '../../lib/market-time';
import { logSummary } from './live-log-lines';
import { statusView } from './live-log-state';
import { useLiveLog } from './use-live-log';

/**
 * Live log: the bot's lines in a text area, pause/resume, a status indicator (idle,
 * active, error), polling every 5 s while running, auto-scrolled to the newest line.
 */
export function LiveLogPage() {
  const { lines, loaded, state, pause, resume } = useLiveLog();
  const area = useRef<HTMLTextAreaElement>(null);
  // The server writes New York market time; the reader sees it labelled ET.
  const text = lines.map(labelLogLine).join('\n');
  const view = statusView(state);

  useEffect(() => {
    const element = area.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [text]);

  return (
    <Page
      title="Live Log"
      description="What the trading bot decides and does, newest at the bottom, in market time (ET)."
      size="xl"
    >
      {state.status === 'error' && (
        <Alert color="red" variant="light" mb="md" data-testid="live-log-error">
          {ui.liveLogFetchFailed}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm" gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <Badge
              color={view.color}
              variant="dot"
              data-testid="live-log-status"
              data-state={state.status}
            >
              {view.label}
            </Badge>
            {state.status === 'error' && (
              <Text size="sm" c="red" data-testid="live-log-retrying">
                {ui.liveLogConnectionLost}
              </Text>
            )}
          </Group>
          <Button
            variant={state.paused ? 'filled' : 'default'}
            onClick={state.paused ? resume : pause}
            data-testid="live-log-toggle"
          >
            {state.paused ? 'Resume' : 'Pause'}
          </Button>
        </Group>
        <Textarea
          ref={area}
          readOnly
          value={text}
          placeholder={
            loaded
              ? 'No log lines yet. Start the bot on the dashboard; its decisions, orders and fills appear here.'
              : ui.loading
          }
          aria-label="Live log"
          data-testid="live-log-text"
          styles={{
            input: {
              fontFamily: 'var(--mantine-font-family-monospace)',
              fontSize: 'var(--mantine-font-size-xs)',
              height: 'min(65vh, 640px)',
              // Long lines wrap rather than hide past the edge (a phone shows ~45 characters).
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            },
          }}
        />
        <Text size="xs" c="dimmed" mt={6} data-testid="live-log-summary">
          {logSummary(lines)}
          {state.paused ? ' · paused' : ` · refreshed every ${5} s`}
        </Text>
      </Card>
    </Page>
  );
}
