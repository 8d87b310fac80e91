import { ui } from '@tradebot/api-contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import * as session from '../../../lib/session';

/** Shown while the pending-2FA flag is stored locally. */
export function Pending2faBanner() {
  const pending = useSyncExternalStore(session.subscribe, session.isPending2faSetup);
  if (!pending) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Two-factor authentication"
      data-testid="pending-2fa-banner"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{ui.twoFaNotEnabledWarning}</Text>
        <Button component={Link} to="/enable-2fa" size="xs" color="yellow" data-testid="setup-2fa">
          Set up 2FA
        </Button>
      </Group>
    </Alert>
  );
}
