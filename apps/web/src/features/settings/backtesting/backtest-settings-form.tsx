import {
  BACKTEST_SETTING_FIELDS,
  ui,
  type TBacktestSettings,
  type TBacktestSettingsInput,
} from '@tradebot/api-contract';
import { Alert, Button, Group, Loader, NumberInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { screenBounds, shownValue, typedValue } from '../../../lib/screen-units';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { useMutationToast } from '../../../lib/use-mutation-toast';

type Draft = Partial<Record<keyof TBacktestSettings, number | ''>>;

/** Empty inputs become null, which the server turns back into the default. */
const toInput = (draft: Draft): TBacktestSettingsInput =>
  Object.fromEntries(
    Object.entries(draft).map(([field, value]) => [field, value === '' ? null : value]),
  );

/** The Backtesting tab's settings form with Save Backtesting Settings. */
export function BacktestSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.backtestSettings.get.queryOptions());
  const save = useMutation(trpc.backtestSettings.save.mutationOptions());
  const [draft, setDraft] = useState<Draft>({});
  const run = useMutationToast();

  if (settings.isPending) return <Loader size="sm" />;
  if (settings.isError)
    return <Alert color="red">{serverDetail(settings.error, ui.settingsLoadFailedRetry)}</Alert>;

  const submit = async () => {
    const saved = await run(() => save.mutateAsync(toInput(draft)), {
      success: (answer) => answer.message,
      failure: ui.saveBacktestSettingsFailed,
    });
    if (!saved.ok) return;
    queryClient.setQueryData(trpc.backtestSettings.get.queryKey(), saved.answer.settings);
    setDraft({});
  };

  return (
    <Stack gap="sm" data-testid="backtest-settings-form">
      <Title order={3} fz="md">
        Backtest settings
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {BACKTEST_SETTING_FIELDS.map((setting) => {
          const { field, label, description } = setting;
          const { min, max, step } = screenBounds(field, setting);
          return (
            <NumberInput
              key={field}
              label={label}
              description={`${description} ${min} to ${max}.`}
              min={min}
              max={max}
              step={step}
              decimalScale={field === 'period' ? 0 : 6}
              value={shownValue(field, draft[field] ?? settings.data[field])}
              onChange={(value) =>
                setDraft((current) => ({
                  ...current,
                  [field]: typedValue(field, typeof value === 'number' ? value : ''),
                }))
              }
              data-testid={`backtest-setting-${field}`}
            />
          );
        })}
      </SimpleGrid>
      <Group>
        <Button
          onClick={() => void submit()}
          loading={save.isPending}
          data-testid="save-backtest-settings"
        >
          Save Backtesting Settings
        </Button>
      </Group>
    </Stack>
  );
}
