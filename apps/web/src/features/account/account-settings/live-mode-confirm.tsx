import { ui } from '@tradebot/api-contract';
import { Button, Group, Modal, Text } from '@mantine/core';

/** Asks before a save switches the account from paper to live trading. */
export function LiveModeConfirm({
  opened,
  loading,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Switch to live trading?" centered>
      <Text size="sm" mb="md">
        {ui.liveModeConfirm}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} data-testid="cancel-live-mode">
          Stay on paper
        </Button>
        <Button
          color="orange"
          loading={loading}
          onClick={onConfirm}
          data-testid="confirm-live-mode"
        >
          Switch to live
        </Button>
      </Group>
    </Modal>
  );
}
