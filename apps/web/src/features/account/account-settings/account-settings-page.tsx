import { ui } from '@tradebot/api-contract';
import { Alert, Group, Loader, Stack } from '@mantine/core';
import { Page } from '../../../components/page';
import { AccountSettingsForm } from './account-settings-form';
import { AlertsCard } from './alerts-card';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { DemoMarketCard } from './demo-market-card';
import { LiveModeConfirm } from './live-mode-confirm';
import { Pending2faBanner } from './pending-2fa-banner';
import { useAccountSettings } from './use-account-settings';

export function AccountSettingsPage() {
  const { settings, saved, draft, setDraft, result, clearResult, submit, saving, liveConfirm } =
    useAccountSettings();

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
        {/* Starting without keys: offered before the keys form (it onboards the user too). */}
        {saved && <DemoMarketCard settings={saved} onChosen={clearResult} />}
        {settings.isPending ? (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        ) : (
          <AccountSettingsForm
            draft={draft}
            saved={saved}
            result={result}
            saving={saving}
            onChange={setDraft}
            onSubmit={() => void submit()}
          />
        )}
        <LiveModeConfirm {...liveConfirm} loading={saving} />
        {/* Its own form, outside the settings loader: a new token reloads the settings. */}
        <AlertsCard />
        <ChangePasswordCard />
        <DeleteAccountCard />
      </Stack>
    </Page>
  );
}
