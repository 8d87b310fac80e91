import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { AuthCard } from '../auth-card';
import { useAuth } from '../auth-context';

export function VerifyEmailPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { verify: recheck } = useAuth();
  // A signed-in user's status then says verified, which hides the reminder banner.
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({ onSuccess: () => void recheck(true) }),
  );
  const sent = useRef(false);

  useEffect(() => {
    // The link is single-use: send it once even when React mounts the effect twice.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  return (
    <AuthCard title="Verify your email">
      <Stack gap="md" align="stretch">
        {!token && (
          <Alert color="red" variant="light">
            This verification link is incomplete.
          </Alert>
        )}
        {verify.isPending && <Loader mx="auto" />}
        {verify.isSuccess && (
          <Alert color="green" variant="light" data-testid="verify-email-result">
            {verify.data.message}
          </Alert>
        )}
        {verify.isError && (
          <Alert color="red" variant="light" data-testid="verify-email-result">
            {serverDetail(verify.error, 'Could not verify your email. Please try again.')}
          </Alert>
        )}
        <Button component={Link} to="/login" variant="light">
          Go to Login
        </Button>
      </Stack>
    </AuthCard>
  );
}
