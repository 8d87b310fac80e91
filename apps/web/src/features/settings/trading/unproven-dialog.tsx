import { Button, Group, Modal, Stack } from '@mantine/core';
import type { WithVerdict } from '../../../lib/edge-evidence';
import { UnprovenList, UnprovenNote } from './unproven-list';

interface Props {
  /** The stocks without a robust edge or never backtested; null while the dialog is closed. */
  stocks: readonly WithVerdict[] | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Begin Trading with stocks a backtest does not back: names them and asks first. */
export function UnprovenDialog({ stocks, onCancel, onConfirm }: Props) {
  const list = stocks ?? [];
  return (
    <Modal opened={stocks !== null} onClose={onCancel} title="Trade without evidence?" centered>
      <Stack gap="sm">
        <UnprovenNote count={list.length} />
        <UnprovenList stocks={list} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="orange" onClick={onConfirm}>
            Trade them anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
