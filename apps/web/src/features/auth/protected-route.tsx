import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import * as session from '../../lib/session';
import { useAuth } from './auth-context';

/**
 * Protected routes need a verified session. No token goes to /login (remembering
 * where the user was headed); a token not yet checked shows a pending state.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { state, verify, unreachable } = useAuth();
  const location = useLocation();

  useEffect(() => {
    void verify();
  }, [location.pathname, verify]);

  if (state === 'none') {
    const from = location.pathname + location.search;
    const message = session.getExitNotice();
    return <Navigate to="/login" replace state={message ? { from, message } : { from }} />;
  }
  if (state === 'pending') {
    return (
      <Center mih="50vh" data-testid="session-pending">
        <Stack align="center" gap="sm">
          {unreachable ? (
            <>
              <Text c="dimmed">The server cannot be reached right now.</Text>
              <Button variant="light" onClick={() => void verify(true)}>
                Try again
              </Button>
            </>
          ) : (
            <>
              <Loader size="md" />
              <Text c="dimmed">Verifying your session...</Text>
            </>
          )}
        </Stack>
      </Center>
    );
  }
  return children;
}
