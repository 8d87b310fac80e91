import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ResultAlert, type FormResult } from '../../../components/result-alert';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { AuthCard } from '../auth-card';

export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<FormResult | null>(null);
  const request = useMutation(trpc.auth.forgotPassword.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setResult({ ok: true, text: (await request.mutateAsync({ email })).message });
    } catch (caught) {
      setResult({
        ok: false,
        text: serverDetail(caught, 'Could not send the reset link. Please try again.'),
      });
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="We will email you a link to choose a new one."
    >
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <ResultAlert result={result} testId="forgot-password-result" />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            data-testid="forgot-password-email"
          />
          <Button
            type="submit"
            fullWidth
            loading={request.isPending}
            data-testid="forgot-password-submit"
          >
            Send reset link
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
