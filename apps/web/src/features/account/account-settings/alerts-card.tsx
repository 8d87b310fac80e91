import type {
  TAlertChannel,
  TAlertEvents,
  TAlertSettingsInput,
  TAlertSettingsOutput,
  TWebhookFormat,
} from '@tradebot/api-contract';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ResultAlert, type FormResult } from '../../../components/result-alert';
import { serverDetail, useTRPC } from '../../../lib/trpc';

const EVENT_LABELS: [keyof TAlertEvents, string][] = [
  ['fills', 'Fills (entries and exits)'],
  ['rejections', 'Rejections and order errors'],
  ['halts', 'Drawdown halts'],
  ['kill_switch', 'Kill switch'],
  ['bot_errors', 'The bot stopping on an error'],
  ['daily_summary', 'Daily summary at the close'],
];

const FORMATS: { value: TWebhookFormat; label: string }[] = [
  { value: 'slack', label: 'Slack ({ text })' },
  { value: 'discord', label: 'Discord ({ content })' },
  { value: 'json', label: 'Plain JSON ({ event, user, text, data })' },
];

interface Draft {
  email: boolean;
  telegram: boolean;
  token: string;
  chatId: string;
  webhook: boolean;
  url: string;
  format: TWebhookFormat;
  events: TAlertEvents;
}

const draftOf = (s: TAlertSettingsOutput): Draft => ({
  email: s.email.enabled,
  telegram: s.telegram.enabled,
  token: '',
  chatId: '',
  webhook: s.webhook.enabled,
  url: '',
  format: s.webhook.format,
  events: s.events,
});

/** Only what changed goes out; an empty secret field keeps the saved secret. */
function inputOf(d: Draft): TAlertSettingsInput {
  return {
    email: { enabled: d.email },
    telegram: {
      enabled: d.telegram,
      ...(d.token.trim() ? { bot_token: d.token.trim() } : {}),
      ...(d.chatId.trim() ? { chat_id: d.chatId.trim() } : {}),
    },
    webhook: {
      enabled: d.webhook,
      format: d.format,
      ...(d.url.trim() ? { url: d.url.trim() } : {}),
    },
    events: d.events,
  };
}

/** A channel's on/off switch, its test button, and what is saved for it. */
function ChannelSwitch(props: {
  channel: 'telegram' | 'webhook';
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  summary: string;
  test: ReactNode;
}) {
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Switch
          label={props.label}
          checked={props.checked}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
          data-testid={`alerts-${props.channel}`}
        />
        {props.test}
      </Group>
      <Text size="xs" c="dimmed" data-testid={`alerts-${props.channel}-state`}>
        {props.summary}
      </Text>
    </>
  );
}

/** A secret that is written, never read back: empty keeps the saved one. */
function SecretInput(props: {
  label: string;
  saved: boolean;
  example: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <PasswordInput
      label={props.label}
      placeholder={props.saved ? 'Saved (enter a new one to replace)' : props.example}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      autoComplete="off"
      data-testid={props.testId}
    />
  );
}

/**
 * Alerts outside the app (GET/POST /api/alerts/settings, POST /api/alerts/test): email, a
 * Telegram bot, a webhook; which events each gets. Secrets are written, never read back.
 */
export function AlertsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.alerts.settings.queryOptions());
  const save = useMutation(trpc.alerts.save.mutationOptions());
  const test = useMutation(trpc.alerts.test.mutationOptions());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [result, setResult] = useState<FormResult | null>(null);
  const [testing, setTesting] = useState<TAlertChannel | null>(null);

  useEffect(() => {
    if (settings.data && draft === null) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  if (!settings.data || draft === null) return null;
  const saved = settings.data;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const submit = async () => {
    setResult(null);
    try {
      const answer = await save.mutateAsync(inputOf(draft));
      queryClient.setQueryData(trpc.alerts.settings.queryKey(), answer.settings);
      setDraft(draftOf(answer.settings));
      setResult({ ok: true, text: answer.message });
    } catch (caught) {
      setResult({ ok: false, text: serverDetail(caught, 'Could not save the alert settings.') });
    }
  };

  const sendTest = async (channel: TAlertChannel) => {
    setResult(null);
    setTesting(channel);
    try {
      const answer = await test.mutateAsync({ channel });
      setResult({ ok: answer.ok, text: answer.message });
    } catch (caught) {
      setResult({ ok: false, text: serverDetail(caught, 'Could not send the test alert.') });
    } finally {
      setTesting(null);
    }
  };

  const testButton = (channel: TAlertChannel, disabled: boolean) => (
    <Button
      variant="default"
      size="xs"
      disabled={disabled}
      loading={testing === channel}
      onClick={() => void sendTest(channel)}
      data-testid={`alerts-test-${channel}`}
    >
      Send test alert
    </Button>
  );

  return (
    <Card withBorder padding="lg" data-testid="alerts-card">
      <Title order={3} fz="md" mb={4}>
        Alerts
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Get the bot&apos;s fills, problems and a daily summary outside the app. At most 30 alerts a
        minute reach each channel; the rest are summed up in one message.
      </Text>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Switch
            label={`Email to ${saved.email.address}`}
            checked={draft.email}
            onChange={(e) => set({ email: e.currentTarget.checked })}
            data-testid="alerts-email"
          />
          {testButton('email', false)}
        </Group>
        <Divider />
        <ChannelSwitch
          channel="telegram"
          label="Telegram"
          checked={draft.telegram}
          onChange={(telegram) => set({ telegram })}
          summary={saved.telegram.summary}
          test={testButton('telegram', !saved.telegram.configured)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SecretInput
            label="Bot token"
            saved={saved.telegram.configured}
            example="123456:ABC…"
            value={draft.token}
            onChange={(token) => set({ token })}
          />
          <TextInput
            label="Chat id"
            placeholder={saved.telegram.chat_id ?? '-1001234567890'}
            value={draft.chatId}
            onChange={(e) => set({ chatId: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Divider />
        <ChannelSwitch
          channel="webhook"
          label="Webhook"
          checked={draft.webhook}
          onChange={(webhook) => set({ webhook })}
          summary={saved.webhook.summary}
          test={testButton('webhook', !saved.webhook.configured)}
        />
        <SecretInput
          label="Webhook address"
          saved={saved.webhook.configured}
          example="https://hooks.slack.com/services/…"
          value={draft.url}
          onChange={(url) => set({ url })}
          testId="alerts-webhook-url"
        />
        <Select
          label="Payload"
          data={FORMATS}
          value={draft.format}
          allowDeselect={false}
          onChange={(value) => value && set({ format: value })}
          data-testid="alerts-webhook-format"
        />
        <Divider />
        <Text size="sm" fw={500}>
          Send alerts for
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {EVENT_LABELS.map(([key, label]) => (
            <Checkbox
              key={key}
              label={label}
              checked={draft.events[key]}
              onChange={(e) => set({ events: { ...draft.events, [key]: e.currentTarget.checked } })}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending} data-testid="alerts-save">
            Save alerts
          </Button>
        </Group>
        {result && (
          <Box>
            <ResultAlert result={result} testId="alerts-result" />
          </Box>
        )}
      </Stack>
    </Card>
  );
}
