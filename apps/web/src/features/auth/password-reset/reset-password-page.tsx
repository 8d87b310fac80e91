import { ui } from '@tradebot/api-contract/client';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../auth-card';
import { serverDetail, useTRPC } from '../../../lib/trpc';

export function ResetPasswordPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setResult({ ok: false, text: ui.passwordsDoNotMatch });
    try {
      setResult({
        ok: true,
        text: (await reset.mutateAsync({ token, new_password: password })).message,
      });
    } catch (caught) {
      setResult({
        ok: false,
        text: serverDetail(caught, 'Could not reset the password. Please try again.'),
      });
    }
  };

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Alert color="red" variant="light">
          This reset link is incomplete. Request a new one from{' '}
          <Anchor component={Link} to="/forgot-password" inherit>
            Forgot password
          </Anchor>
          .
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          {result && (
            <Alert
              color={result.ok ? 'green' : 'red'}
              variant="light"
              data-testid="reset-password-result"
            >
              {result.text}
            </Alert>
          )}
          {result?.ok ? (
            <Button component={Link} to="/login" fullWidth>
              Go to Login
            </Button>
          ) : (
            <>
              <PasswordInput
                label="New Password"
                required
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                data-testid="reset-password-new"
              />
              <PasswordInput
                label="Confirm Password"
                required
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.currentTarget.value)}
                data-testid="reset-password-confirm"
              />
              <Button
                type="submit"
                fullWidth
                loading={reset.isPending}
                data-testid="reset-password-submit"
              >
                Reset password
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
