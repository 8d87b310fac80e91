import type { TScreeningCriteria } from '@tradebot/api-contract';
import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { FLAG_FIELDS, NUMERIC_FIELDS, numberOrNull } from './criteria-fields';

interface Props {
  criteria: TScreeningCriteria;
  onChange: (criteria: TScreeningCriteria) => void;
}

/** The 25 criteria: the five with defaults always, the rest behind Show Advanced Filters. */
export function CriteriaForm({ criteria, onChange }: Props) {
  const [advanced, setAdvanced] = useState(false);
  const fields = NUMERIC_FIELDS.filter((f) => advanced || f.basic);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {fields.map((field) => (
          <NumberInput
            key={field.key}
            label={field.label}
            description={`${field.min.toLocaleString('en-US')} to ${field.max.toLocaleString('en-US')}${field.unit ? ` (${field.unit})` : ''}; empty = no filter`}
            min={field.min}
            max={field.max}
            value={criteria[field.key] ?? ''}
            onChange={(value) => onChange({ ...criteria, [field.key]: numberOrNull(value) })}
            thousandSeparator=","
            allowDecimal
            data-testid={`criterion-${field.key}`}
          />
        ))}
      </SimpleGrid>
      {advanced && (
        <Group gap="lg">
          {FLAG_FIELDS.map((flag) => (
            <Checkbox
              key={flag.key}
              label={flag.label}
              checked={criteria[flag.key]}
              onChange={(event) =>
                onChange({ ...criteria, [flag.key]: event.currentTarget.checked })
              }
            />
          ))}
        </Group>
      )}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setAdvanced((shown) => !shown)}
          data-testid="toggle-advanced"
        >
          {advanced ? 'Hide Advanced Filters' : 'Show Advanced Filters'}
        </Button>
      </Group>
    </Stack>
  );
}
