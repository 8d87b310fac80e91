import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ResultAlert } from '../../../components/result-alert';
import { useResetPassword } from './use-reset-password';

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { result, submit, busy } = useResetPassword(token);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(password, confirm);
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="md">
        <ResultAlert result={result} testId="reset-password-result" />
        {/* The token is single-use: after a success only the way to the login remains. */}
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
            <Button type="submit" fullWidth loading={busy} data-testid="reset-password-submit">
              Reset password
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
