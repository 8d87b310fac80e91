import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { readStorage, writeStorage } from '../lib/browser-storage';
import { serverDetail, useTRPC } from '../lib/trpc';

/**
 * Reminds a signed-in user whose address is unverified to open the link mailed at sign-up, and
 * sends a new one on request. The server throttles requests; its message then says how long to
 * wait. Shown at the top of every page column (see Page); once dismissed, it stays away for
 * this user until the tab is closed.
 */
const DISMISSED_KEY = 'verifyEmailBannerDismissed';

const readDismissed = () => readStorage('session', DISMISSED_KEY);

export function VerifyEmailBanner() {
  const trpc = useTRPC();
  const { state, status } = useAuth();
  const [dismissedFor, setDismissedFor] = useState(readDismissed);
  const resend = useMutation(trpc.auth.requestEmailVerification.mutationOptions());

  if (state !== 'verified' || !status || status.user.is_verified) return null;
  if (dismissedFor === String(status.user.id)) return null;
  const dismiss = () => {
    // Without storage the banner stays dismissed only while this page is shown.
    writeStorage('session', DISMISSED_KEY, String(status.user.id));
    setDismissedFor(String(status.user.id));
  };
  const reply = resend.isSuccess
    ? { ok: true, text: resend.data.message }
    : resend.isError
      ? {
          ok: false,
          text: serverDetail(resend.error, 'Could not send the link. Please try again.'),
        }
      : null;

  return (
    <Alert
      color="blue"
      variant="light"
      title="Verify your email"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      mb="lg"
      data-testid="verify-email-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Your email address {status.user.email} is not verified yet. Open the verification link
          from your inbox, or send a new one.
        </Text>
        <Button
          size="xs"
          variant="default"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
          data-testid="verify-email-resend"
        >
          Resend link
        </Button>
      </Group>
      {reply && (
        <Text
          size="sm"
          mt="xs"
          fw={500}
          c={reply.ok ? undefined : 'var(--mantine-color-red-text)'}
          role="status"
          data-testid="verify-email-reply"
        >
          {reply.text}
        </Text>
      )}
    </Alert>
  );
}
