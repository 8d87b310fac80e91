import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import type { TFinalTradingEntry } from '@tradebot/api-contract';
import { InfoLabel } from './info-label';
import { shownValue, type EditValue, type RowEdits } from './parameter-edits';
import {
  ParamFlagInput,
  ParamNumberInput,
  specNote,
  type FlagSpec,
  type NumericSpec,
} from './param-inputs';

interface Props {
  entry: TFinalTradingEntry;
  numeric: NumericSpec[];
  flags: FlagSpec[];
  draft: RowEdits;
  onChange: (field: string, value: EditValue) => void;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}

/** A Final Trading List row opened for editing: its parameters as bounded inputs. */
export function FinalRowEditor({
  entry,
  numeric,
  flags,
  draft,
  onChange,
  saving,
  onSave,
  onCancel,
}: Props) {
  return (
    <Stack gap="xs" data-testid="final-row-editor">
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="xs" verticalSpacing="xs">
        {numeric.map((spec) => (
          <ParamNumberInput
            key={spec.field}
            spec={spec}
            symbol={entry.symbol}
            label={<InfoLabel label={spec.label} description={specNote(spec)} />}
            value={shownValue(entry, draft, spec.field)}
            onChange={(value) => onChange(spec.field, value)}
          />
        ))}
      </SimpleGrid>
      <Group gap="lg">
        {flags.map((spec) => (
          <ParamFlagInput
            key={spec.field}
            spec={spec}
            symbol={entry.symbol}
            label={<InfoLabel label={spec.label} description={spec.description} />}
            value={shownValue(entry, draft, spec.field)}
            onChange={(value) => onChange(spec.field, value)}
          />
        ))}
      </Group>
      <Group gap="xs">
        <Button size="xs" onClick={onSave} loading={saving} aria-label={`Save ${entry.symbol}`}>
          Save
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
