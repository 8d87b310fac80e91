import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AuthCard } from '../auth-card';

/** A reset link without its token cannot be repaired here: the user asks for a new one. */
export function ResetLinkIncomplete() {
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
