import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { server, ui, type TFinalTradingEntry } from '@tradebot/api-contract';
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
  const value = (field: string) => shownValue(entry, draft, field);
  const below = (a: string, b: string, orEqual = false) => {
    const [x, y] = [value(a), value(b)];
    return typeof x === 'number' && typeof y === 'number' && (x < y || (orEqual && x === y));
  };
  // What the pair of RSI thresholds does (allowed), and the MACD pair the server refuses.
  const rsiOverlap = below('rsi_sell_threshold', 'rsi_buy_threshold');
  const macdReversed = below('macd_slow', 'macd_fast', true);
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
      {rsiOverlap && (
        <Text size="xs" c="dimmed" data-testid="rsi-overlap-note">
          {ui.rsiThresholdsOverlap}
        </Text>
      )}
      {macdReversed && (
        <Text size="xs" c="red" data-testid="macd-order-note">
          {server.macdFastBelowSlow}
        </Text>
      )}
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
