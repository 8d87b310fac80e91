import { ui } from '@tradebot/api-contract';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { verify2faError } from './login-errors';

interface Props {
  onVerified: (token: string) => void;
  /** The challenge expired: back to username and password with this message. */
  onRestart: (message: string) => void;
}

/** The second login step: a single '2FA Code' field sent with the challenge token. */
export function TwoFactorForm({ onVerified, onRestart }: Props) {
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation(trpc.auth.verify2fa.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await verify.mutateAsync({ totp_code: code.trim() });
      onVerified(result.access_token);
    } catch (caught) {
      const { message, restart } = verify2faError(caught);
      if (restart) onRestart(message);
      else setError(message);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Alert color="blue" variant="light">
          {ui.enter2fa}
        </Alert>
        {error && (
          <Alert color="red" variant="light" data-testid="login-error">
            {error}
          </Alert>
        )}
        <TextInput
          label="2FA Code"
          placeholder="Enter 6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-testid="login-2fa-code"
        />
        <Button type="submit" fullWidth loading={verify.isPending} data-testid="login-verify-2fa">
          Verify 2FA
        </Button>
      </Stack>
    </form>
  );
}
