import { Card, Stack } from '@mantine/core';
import type { SelectionState } from '../../../lib/use-row-selection';
import { FinalListSection } from './final-list-section';
import { GeneralSettingsForm } from './general-settings-form';
import { OptimizedSection } from './optimized-section';
import type { EditsState } from './parameter-edits';
import { useTradingLists } from './use-trading-lists';

/** Strategy settings, tab 3: general settings, Optimized Parameters, Final Trading List. */
interface Props {
  optimizedSelection: SelectionState;
  optimizedEdits: EditsState;
}

export function TradingTab({ optimizedSelection, optimizedEdits }: Props) {
  const lists = useTradingLists();
  return (
    <Stack gap="md">
      <Card withBorder p={{ base: 'sm', sm: 'lg' }}>
        <GeneralSettingsForm />
      </Card>
      <OptimizedSection lists={lists} selection={optimizedSelection} edits={optimizedEdits} />
      <FinalListSection lists={lists} />
    </Stack>
  );
}
