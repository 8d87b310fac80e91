import type { TAdminUser } from '@tradebot/api-contract';
import { Badge, Table, Text } from '@mantine/core';
import { planLabel } from '../../lib/plan-label';
import { UserActions } from './user-actions';

const orDash = (value: string | null) => (value ? value : '-');

export function UserRow({
  user,
  onError,
}: {
  user: TAdminUser;
  onError: (message: string | null) => void;
}) {
  return (
    <Table.Tr data-testid={`user-row-${user.username}`}>
      <Table.Td data-label="ID">{user.id}</Table.Td>
      <Table.Td data-label="Username">
        <Text size="sm" fw={600}>
          {user.username}
        </Text>
        <Text size="xs" c="dimmed" data-testid={`user-plan-${user.username}`}>
          {planLabel({ plan: user.plan, status: user.subscription_status })}
        </Text>
      </Table.Td>
      <Table.Td data-label="Email">{orDash(user.email)}</Table.Td>
      <Table.Td data-label="Country">{orDash(user.country)}</Table.Td>
      <Table.Td data-label="Phone">{orDash(user.phone_number)}</Table.Td>
      <Table.Td data-label="Verified">{user.is_verified ? 'Yes' : 'No'}</Table.Td>
      <Table.Td data-label="2FA">
        <Badge variant="light" color={user.totp_secret ? 'green' : 'gray'}>
          {user.totp_secret ? 'Enabled' : 'Disabled'}
        </Badge>
      </Table.Td>
      <Table.Td data-label="Admin">{user.is_admin ? 'Yes' : 'No'}</Table.Td>
      {/* The one cell that may wrap: the buttons go to a second line before the table scrolls. */}
      <Table.Td className="wrap" miw={250}>
        <UserActions user={user} onError={onError} />
      </Table.Td>
    </Table.Tr>
  );
}
