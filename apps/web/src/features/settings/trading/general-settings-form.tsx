import {
  PARTIAL_FILL_HANDLING,
  TRADING_SETTING_FIELDS,
  ui,
  type TTradingSettings,
} from '@tradebot/api-contract';
import {
  Alert,
  Button,
  Collapse,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { screenBounds, shownValue, typedValue } from '../../../lib/screen-units';
import { useMutationToast } from '../../../lib/use-mutation-toast';
import { tradingInput, type GeneralDraft } from './general-settings';
import { InfoLabel } from './info-label';

const PARTIAL_FILL_LABELS: Record<(typeof PARTIAL_FILL_HANDLING)[number], string> = {
  cancel: 'Cancel the unfilled rest',
  accept: 'Accept the partial fill',
};

/** Tab 3: the general trading settings form, folded away by default. */
export function GeneralSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const config = useQuery(trpc.tradingSettings.get.queryOptions());
  const update = useMutation(trpc.tradingSettings.update.mutationOptions());
  const [draft, setDraft] = useState<GeneralDraft>({});
  const run = useMutationToast();
  const [open, setOpen] = useState(false);

  const saved = config.data?.trading;
  const value = <K extends keyof TTradingSettings>(field: K) =>
    draft[field] ?? (saved ? saved[field] : '');
  const set = (field: keyof TTradingSettings, next: number | boolean | string) =>
    setDraft((current) => ({ ...current, [field]: next }));

  const submit = async () => {
    const saved = await run(() => update.mutateAsync({ trading: tradingInput(draft) }), {
      success: ui.tradingSettingsSaved,
      failure: ui.saveTradingSettingsFailed,
    });
    if (!saved.ok) return;
    queryClient.setQueryData(trpc.tradingSettings.get.queryKey(), saved.answer.config);
    setDraft({});
  };

  return (
    <Stack gap="sm" data-testid="general-trading-settings">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Title order={3} fz="md">
            General trading settings
          </Title>
          <Text size="xs" c="dimmed">
            Account-wide risk, order handling and long/short thresholds.
          </Text>
        </Stack>
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      </Group>
      <Collapse expanded={open}>
        {config.isPending ? (
          <Loader size="sm" />
        ) : config.isError ? (
          <Alert color="red">{serverDetail(config.error, ui.settingsLoadFailedRetry)}</Alert>
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {TRADING_SETTING_FIELDS.numeric.map((setting) => {
                const { field, label, integer, description } = setting;
                const { min, max, step } = screenBounds(field, setting);
                return (
                  <NumberInput
                    key={field}
                    label={
                      <InfoLabel label={label} description={`${description} ${min} to ${max}.`} />
                    }
                    min={min}
                    max={max}
                    step={step}
                    decimalScale={integer ? 0 : 6}
                    value={shownValue(field, value(field) as number | '')}
                    onChange={(next) =>
                      set(field, typedValue(field, typeof next === 'number' ? next : ''))
                    }
                    placeholder="Default"
                    data-testid={`trading-setting-${field}`}
                  />
                );
              })}
              <Select
                label={
                  <InfoLabel
                    label="Partial fills"
                    description="What the bot does with an order that is only partly filled when the order time-out ends."
                  />
                }
                data={PARTIAL_FILL_HANDLING.map((v) => ({
                  value: v,
                  label: PARTIAL_FILL_LABELS[v],
                }))}
                value={value('partial_fill_handling') as string}
                onChange={(next) => next && set('partial_fill_handling', next)}
                allowDeselect={false}
                data-testid="trading-setting-partial_fill_handling"
              />
            </SimpleGrid>
            <Group gap="xl">
              {TRADING_SETTING_FIELDS.flags.map(({ field, label, description }) => (
                <Switch
                  key={field}
                  label={<InfoLabel label={label} description={description} />}
                  checked={value(field) === true}
                  onChange={(event) => set(field, event.currentTarget.checked)}
                  data-testid={`trading-setting-${field}`}
                />
              ))}
            </Group>
            <Group>
              <Button onClick={() => void submit()} loading={update.isPending}>
                Save Trading Settings
              </Button>
            </Group>
          </Stack>
        )}
      </Collapse>
    </Stack>
  );
}
