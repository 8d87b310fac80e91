import type { TBotStatus } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useStartsLive } from '../../components/use-market';
import type { BotActions } from './use-bot-actions';

type Asking = 'start' | 'restart' | 'kill' | null;

/**
 * Bot controls: Start Bot, Stop Bot, Restart Bot, Start Screener, and ours, the kill
 * switch. Start and Restart ask first when they would trade real money; the kill switch always
 * asks, saying what it does.
 */
export function BotControls({
  status,
  actions,
}: {
  status: TBotStatus | undefined;
  actions: BotActions;
}) {
  const [asking, setAsking] = useState<Asking>(null);
  const startsLive = useStartsLive();
  const running = status?.status === 'running';
  const stopped = status?.status === 'stopped';
  const { pending } = actions;

  const start = () => (startsLive ? setAsking('start') : void actions.start());
  const restart = () => (startsLive ? setAsking('restart') : void actions.restart());
  const confirm = async () => {
    const which = asking;
    if (which === 'start') await actions.start();
    if (which === 'restart') await actions.restart();
    if (which === 'kill') await actions.killSwitch();
    setAsking(null);
  };

  return (
    <>
      <Group gap="xs">
        <Button color="green" onClick={start} loading={pending.start} disabled={running}>
          Start Bot
        </Button>
        <Button
          variant="default"
          onClick={() => void actions.stop()}
          loading={pending.stop}
          disabled={stopped}
        >
          Stop Bot
        </Button>
        <Button variant="default" onClick={restart} loading={pending.restart} disabled={stopped}>
          Restart Bot
        </Button>
        <Button
          variant="light"
          onClick={() => void actions.startScreener()}
          loading={pending.screener}
        >
          Start Screener
        </Button>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" style={{ flex: '1 1 14rem' }}>
          Emergency: cancel every open order, close every position at market and stop the bot.
        </Text>
        <Button
          color="red"
          onClick={() => setAsking('kill')}
          loading={pending.killSwitch}
          data-testid="kill-switch"
        >
          Flatten all and stop
        </Button>
      </Group>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'kill' ? 'Flatten all and stop?' : 'Trade real money?'}
        centered
      >
        <Stack gap="md">
          <Text size="sm" data-testid="bot-confirm-text">
            {asking === 'kill' ? ui.killSwitchConfirm : ui.liveStartConfirm}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button
              color={asking === 'kill' ? 'red' : 'orange'}
              loading={pending.start || pending.restart || pending.killSwitch}
              onClick={() => void confirm()}
              data-testid="bot-confirm"
            >
              {asking === 'kill'
                ? 'Flatten all and stop'
                : asking === 'restart'
                  ? 'Restart in live mode'
                  : 'Start in live mode'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
