import { ui } from '@tradebot/api-contract';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { screenBounds, shownValue, typedValue } from '../../../lib/screen-units';
import { notify } from '../../../lib/notify';
import { InfoLabel } from './info-label';
import { isBatchEmpty, type BatchValues } from './parameter-edits';
import { specNote, type FlagSpec, type NumericSpec } from './param-inputs';

const FLAG_CHOICES = [
  { value: 'unchanged', label: 'Unchanged' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

interface Props {
  numeric: NumericSpec[];
  flags: FlagSpec[];
  /** Applies the batch to every stock in the table (a local edit, saved with the stocks). */
  onApply: (batch: BatchValues) => void;
}

/** One input per parameter; Apply Batch Edit sets the filled ones on every stock. */
export function BatchEdit({ numeric, flags, onApply }: Props) {
  const [batch, setBatch] = useState<BatchValues>({});
  const set = (field: string, value: number | boolean | '' | null) =>
    setBatch((current) => ({ ...current, [field]: value }));

  const apply = () => {
    onApply(batch);
    setBatch({});
    notify.success(ui.batchEditApplied);
  };

  return (
    <Stack gap="xs" data-testid="batch-edit">
      <Text size="sm" c="dimmed">
        Batch edit: fill in the parameters to change on every stock below; empty ones stay as they
        are. The change is local until you save the stocks to the Final Trading List.
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="xs" verticalSpacing="xs">
        {numeric.map((spec) => {
          const shown = screenBounds(spec.field, spec);
          return (
            <NumberInput
              key={spec.field}
              size="xs"
              label={<InfoLabel label={spec.label} description={specNote(spec)} />}
              min={shown.min}
              max={shown.max}
              step={shown.step}
              decimalScale={spec.integer ? 0 : 6}
              allowDecimal={!spec.integer}
              value={shownValue(spec.field, (batch[spec.field] as number | '' | undefined) ?? '')}
              onChange={(next) =>
                set(spec.field, typedValue(spec.field, typeof next === 'number' ? next : ''))
              }
              data-testid={`batch-${spec.field}`}
            />
          );
        })}
        {flags.map((spec) => (
          <Select
            key={spec.field}
            size="xs"
            label={<InfoLabel label={spec.label} description={spec.description} />}
            data={FLAG_CHOICES}
            value={
              batch[spec.field] === undefined || batch[spec.field] === null
                ? 'unchanged'
                : batch[spec.field]
                  ? 'on'
                  : 'off'
            }
            onChange={(choice) =>
              set(spec.field, choice === 'on' ? true : choice === 'off' ? false : null)
            }
            allowDeselect={false}
            data-testid={`batch-${spec.field}`}
          />
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="light" size="xs" disabled={isBatchEmpty(batch)} onClick={apply}>
          Apply Batch Edit
        </Button>
      </Group>
    </Stack>
  );
}
