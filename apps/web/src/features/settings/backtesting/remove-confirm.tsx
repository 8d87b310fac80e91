import { Button, Group, Modal, Text } from '@mantine/core';

/** Asks before Remove Selected takes stocks off the backtesting list. */
export function RemoveConfirm({
  symbols,
  opened,
  loading,
  onCancel,
  onConfirm,
}: {
  symbols: readonly string[];
  opened: boolean;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Remove from the backtesting list?" centered>
      <Text size="sm" mb="md">
        {symbols.length === 1 ? '1 stock' : `${symbols.length} stocks`} will be removed:{' '}
        {symbols.join(', ')}.
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm} data-testid="confirm-remove">
          Remove
        </Button>
      </Group>
    </Modal>
  );
}
