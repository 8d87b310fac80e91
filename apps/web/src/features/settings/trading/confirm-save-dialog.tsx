import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { WithVerdict } from '../../../lib/edge-evidence';
import { UnprovenList, UnprovenNote } from './unproven-list';

interface Props {
  /** The stocks to move; null while the dialog is closed. */
  symbols: string[] | null;
  /** True when nothing was selected, so every stock in the table moves. */
  all: boolean;
  editedCount: number;
  /** Why the save cannot go through (an edited value out of bounds), or null. */
  invalid: string | null;
  /** The stocks among them without a robust edge or never backtested. */
  unproven: readonly WithVerdict[];
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Save to Final Trading List asks first, naming the stocks it will move, and lists apart
 * those a backtest does not back (the bot trades whatever is on the Final Trading List).
 */
export function ConfirmSaveDialog({
  symbols,
  all,
  editedCount,
  invalid,
  unproven,
  loading,
  onCancel,
  onConfirm,
}: Props) {
  const list = symbols ?? [];
  return (
    <Modal opened={symbols !== null} onClose={onCancel} title="Confirm Save" centered>
      <Stack gap="sm">
        <Text size="sm">
          {all
            ? `No stocks are selected, so all ${list.length} stocks in Optimized Parameters`
            : `The ${list.length} selected ${list.length === 1 ? 'stock' : 'stocks'}`}{' '}
          will move to the Final Trading List with their parameters:
        </Text>
        <Text
          size="sm"
          fw={600}
          data-testid="confirm-save-symbols"
          style={{ wordBreak: 'break-word' }}
        >
          {list.join(', ')}
        </Text>
        {editedCount > 0 && (
          <Text size="sm" c="dimmed">
            Your edits to {editedCount} of them are saved with them.
          </Text>
        )}
        {unproven.length > 0 && (
          <>
            <UnprovenNote count={unproven.length} />
            <UnprovenList stocks={unproven} />
          </>
        )}
        {invalid && (
          <Text size="sm" c="red" data-testid="confirm-save-invalid">
            {invalid}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button
            onClick={onConfirm}
            loading={loading}
            disabled={invalid !== null}
            color={unproven.length > 0 ? 'orange' : undefined}
          >
            {unproven.length > 0 ? 'Trade them anyway' : 'Confirm'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
