import { ui } from '@tradebot/api-contract';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ResultAlert, type FormResult } from '../../../components/result-alert';
import * as session from '../../../lib/session';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { useAuth } from '../../auth/auth-context';

/**
 * Deleting the account: the user types their username, their password and (with 2FA on) a
 * code. The button stays off until the typed name matches; the server checks all three again.
 * On success the session is gone with the account, so the app signs out with the server's text.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const { status, logout } = useAuth();
  const settings = useQuery(trpc.account.settings.queryOptions());
  const remove = useMutation(trpc.account.deleteAccount.mutationOptions());
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [result, setResult] = useState<FormResult | null>(null);
  const username = status?.user.username ?? '';
  const has2fa = status?.user.has_2fa ?? false;
  const confirmed = username !== '' && typed.trim().toLowerCase() === username.toLowerCase();
  const saved = settings.data;
  const alpaca = saved?.paper_key_mask != null || saved?.live_key_mask != null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    try {
      const { message } = await remove.mutateAsync({
        confirm_username: typed,
        password,
        ...(has2fa ? { totp_code: code } : {}),
      });
      // The session ended with the account: nothing is left to log out of on the server.
      session.clearAll();
      await logout({ message });
    } catch (caught) {
      setResult({ ok: false, text: serverDetail(caught, ui.deleteAccountFailed) });
    }
  };

  return (
    <Modal opened onClose={onClose} title="Delete your account?" centered>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">{ui.deleteAccountIntro}</Text>
          <PositionsWarning demo={saved?.market === 'demo'} alpaca={alpaca || !saved} />
          <TextInput
            label={`Type ${username} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-testid="delete-account-username"
          />
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-testid="delete-account-password"
          />
          {has2fa && (
            <TextInput
              label="2FA code"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              data-testid="delete-account-code"
            />
          )}
          <ResultAlert result={result} testId="delete-account-result" />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} data-testid="delete-account-cancel">
              Keep my account
            </Button>
            <Button
              type="submit"
              color="red"
              disabled={!confirmed}
              loading={remove.isPending}
              data-testid="delete-account-confirm"
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What happens to the positions, for the market(s) the user has used. */
function PositionsWarning({ demo, alpaca }: { demo: boolean; alpaca: boolean }) {
  return (
    <Alert color="orange" variant="light" data-testid="delete-account-positions">
      <Stack gap={4}>
        {alpaca && <Text size="sm">{ui.deleteAccountAlpacaPositions}</Text>}
        {demo && <Text size="sm">{ui.deleteAccountDemoPositions}</Text>}
      </Stack>
    </Alert>
  );
}
