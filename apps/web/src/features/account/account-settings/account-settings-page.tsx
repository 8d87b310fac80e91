import type { TAccountSettingsOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract/client';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/auth-context';
import { Page } from '../../../components/page';
import { ResultAlert, type FormResult } from '../../../components/result-alert';
import {
  emptyDraft,
  savedMask,
  toPayload,
  validateDraft,
  type CredentialField,
} from './account-settings-draft';
import { errorCode, serverDetail, useTRPC } from '../../../lib/trpc';
import { ChangePasswordCard } from './change-password-card';
import { CredentialInput } from './credential-input';
import { Pending2faBanner } from './pending-2fa-banner';

const FIELDS: { field: CredentialField; label: string; testId: string }[] = [
  { field: 'paperKey', label: 'Paper API Key', testId: 'paper-api-key' },
  { field: 'paperSecret', label: 'Paper API Secret', testId: 'paper-api-secret' },
  { field: 'liveKey', label: 'Live API Key', testId: 'live-api-key' },
  { field: 'liveSecret', label: 'Live API Secret', testId: 'live-api-secret' },
];

export function AccountSettingsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { status, verify, expire } = useAuth();
  const settings = useQuery(trpc.account.settings.queryOptions());
  const save = useMutation(trpc.account.updateSettings.mutationOptions());
  const [draft, setDraft] = useState(emptyDraft);
  const [result, setResult] = useState<FormResult | null>(null);

  const saved = settings.data;
  useEffect(() => {
    if (errorCode(settings.error) === 'UNAUTHORIZED') expire();
  }, [settings.error, expire]);
  useEffect(() => {
    if (saved) setDraft((current) => ({ ...current, environment: saved.alpaca_environment }));
  }, [saved]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateDraft(draft, saved);
    if (invalid) return setResult({ ok: false, text: invalid });
    setResult(null);
    try {
      const {
        message: _message,
        is_onboarded: _onboarded,
        ...masks
      } = await save.mutateAsync(toPayload(draft));
      queryClient.setQueryData<TAccountSettingsOutput>(trpc.account.settings.queryKey(), masks);
      setDraft(emptyDraft(masks.alpaca_environment));
      setResult({ ok: true, text: ui.settingsSaved });
      void verify(true);
    } catch (caught) {
      setResult({ ok: false, text: serverDetail(caught, ui.settingsSaveFailed) });
    }
  };

  return (
    <Page
      title="Account settings"
      description="Connect your Alpaca brokerage account and choose the trading mode."
      size="md"
    >
      <Stack gap="lg">
        <Pending2faBanner />
        {settings.isError && (
          <Alert color="red" variant="light">
            {ui.settingsLoadFailed(settings.error.message)}
          </Alert>
        )}
        {settings.isPending ? (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        ) : (
          <form onSubmit={(event) => void submit(event)}>
            <Stack gap="lg">
              <ResultAlert result={result} testId="account-settings-result" />
              <Card withBorder padding="lg">
                <Title order={3} fz="md" mb={4}>
                  Trading mode
                </Title>
                <Switch
                  label={
                    draft.environment === 'live'
                      ? 'Live trading (real money)'
                      : 'Paper trading (simulated)'
                  }
                  checked={draft.environment === 'live'}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      environment: event.currentTarget.checked ? 'live' : 'paper',
                    })
                  }
                  color="orange"
                  mt="xs"
                  data-testid="trading-mode-switch"
                />
                {status && !status.subscription.live_allowed && (
                  <Text size="xs" c="dimmed" mt="xs">
                    Your trial allows paper trading only. Live trading needs a paid plan.
                  </Text>
                )}
              </Card>
              <Card withBorder padding="lg">
                <Title order={3} fz="md" mb="md">
                  Alpaca API keys
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  {FIELDS.map(({ field, label, testId }) => (
                    <CredentialInput
                      key={field}
                      label={label}
                      testId={testId}
                      value={draft.values[field]}
                      mask={savedMask(saved, field)}
                      cleared={draft.cleared[field]}
                      onChange={(value) =>
                        setDraft({ ...draft, values: { ...draft.values, [field]: value } })
                      }
                      onClearedChange={(cleared) =>
                        setDraft({ ...draft, cleared: { ...draft.cleared, [field]: cleared } })
                      }
                    />
                  ))}
                </SimpleGrid>
                <Text size="xs" c="dimmed" mt="md">
                  Keys are stored encrypted and only ever shown masked. TradeBot never holds your
                  funds.
                </Text>
              </Card>
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} data-testid="save-account-settings">
                  Save Settings
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {/* Its own form, outside the settings loader: a new token reloads the settings. */}
        <ChangePasswordCard />
      </Stack>
    </Page>
  );
}
