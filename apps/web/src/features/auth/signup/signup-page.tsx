import type { TSignupOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract/client';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthCard } from '../auth-card';
import { QrCode } from '../qr-code';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { SignupForm, type SignupValues } from './signup-form';

export function SignupPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<TSignupOutput | null>(null);
  const signup = useMutation(trpc.auth.signup.mutationOptions());

  const submit = async (values: SignupValues) => {
    setError(null);
    if (values.password !== values.confirmPassword) {
      setError(ui.passwordsDoNotMatch);
      return;
    }
    try {
      setDone(
        await signup.mutateAsync({
          username: values.username,
          email: values.email,
          password: values.password,
          country: values.country,
          phone_number: values.phoneNumber,
          tos_accepted: true,
        }),
      );
    } catch (caught) {
      setError(serverDetail(caught, ui.signupFailed));
    }
  };

  if (done) {
    return (
      <AuthCard title="Account created" subtitle="One more step: set up your authenticator app.">
        <Alert color="green" variant="light" mb="md" data-testid="signup-success">
          {done.message}
        </Alert>
        <QrCode src={done.totp_qr_code} uri={done.totp_uri} />
        <Text size="sm" c="dimmed" ta="center" mt="md">
          {ui.signupQrNote}
        </Text>
        <Button fullWidth mt="lg" onClick={() => navigate('/login')} data-testid="proceed-to-login">
          Proceed to Login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      width={520}
      subtitle={
        <>
          7-day free trial with paper trading. Already registered?{' '}
          <Anchor component={Link} to="/login" size="sm">
            Log in
          </Anchor>
        </>
      }
    >
      <SignupForm
        error={error}
        busy={signup.isPending}
        onSubmit={(values) => void submit(values)}
      />
    </AuthCard>
  );
}
