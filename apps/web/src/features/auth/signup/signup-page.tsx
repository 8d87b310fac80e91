import type { TSignupOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Anchor } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { AuthCard } from '../auth-card';
import { SignupForm, type SignupValues } from './signup-form';
import { SignupSuccess } from './signup-success';

export function SignupPage() {
  const trpc = useTRPC();
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

  if (done) return <SignupSuccess result={done} />;

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
