import type { TAccountSettingsOutput } from '@tradebot/api-contract';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  savedMask,
  type AccountSettingsDraft,
  type CredentialField,
} from './account-settings-draft';
import { CredentialInput } from './credential-input';
import { TestConnectionRow } from './test-connection-row';

const FIELDS: { field: CredentialField; label: string; testId: string }[] = [
  { field: 'paperKey', label: 'Paper API Key', testId: 'paper-api-key' },
  { field: 'paperSecret', label: 'Paper API Secret', testId: 'paper-api-secret' },
  { field: 'liveKey', label: 'Live API Key', testId: 'live-api-key' },
  { field: 'liveSecret', label: 'Live API Secret', testId: 'live-api-secret' },
];

interface Props {
  draft: AccountSettingsDraft;
  saved: TAccountSettingsOutput | undefined;
  onChange: (draft: AccountSettingsDraft) => void;
}

export function ApiKeysCard({ draft, saved, onChange }: Props) {
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="md" mb="md">
        Alpaca API keys
      </Title>
      <Stack gap="lg">
        {(['paper', 'live'] as const).map((environment) => (
          <Stack key={environment} gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {FIELDS.filter((f) => f.field.startsWith(environment)).map(
                ({ field, label, testId }) => (
                  <CredentialInput
                    key={field}
                    label={label}
                    testId={testId}
                    value={draft.values[field]}
                    mask={savedMask(saved, field)}
                    cleared={draft.cleared[field]}
                    onChange={(value) =>
                      onChange({ ...draft, values: { ...draft.values, [field]: value } })
                    }
                    onClearedChange={(cleared) =>
                      onChange({ ...draft, cleared: { ...draft.cleared, [field]: cleared } })
                    }
                  />
                ),
              )}
            </SimpleGrid>
            <TestConnectionRow
              environment={environment}
              keyValue={draft.values[`${environment}Key`]}
              secretValue={draft.values[`${environment}Secret`]}
            />
          </Stack>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="md">
        Keys are stored encrypted and only ever shown masked. TradeBot never holds your funds.
      </Text>
    </Card>
  );
}
