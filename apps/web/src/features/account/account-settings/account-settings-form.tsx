import type { TAccountSettingsOutput } from '@tradebot/api-contract';
import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { ResultAlert, type FormResult } from '../../../components/result-alert';
import type { AccountSettingsDraft } from './account-settings-draft';
import { ApiKeysCard } from './api-keys-card';
import { TradingModeCard } from './trading-mode-card';

interface Props {
  draft: AccountSettingsDraft;
  saved: TAccountSettingsOutput | undefined;
  result: FormResult | null;
  saving: boolean;
  onChange: (draft: AccountSettingsDraft) => void;
  onSubmit: () => void;
}

/** Mode and keys are saved together: the server checks the mode against the keys it will hold. */
export function AccountSettingsForm({ draft, saved, result, saving, onChange, onSubmit }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="lg">
        <ResultAlert result={result} testId="account-settings-result" />
        <TradingModeCard
          environment={draft.environment}
          onChange={(environment) => onChange({ ...draft, environment })}
        />
        <ApiKeysCard draft={draft} saved={saved} onChange={onChange} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving} data-testid="save-account-settings">
            Save Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
