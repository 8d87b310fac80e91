import type { TAdminUser } from '@tradebot/api-contract';
import { Badge, Table, Text } from '@mantine/core';
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
      <Table.Td>{user.id}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {user.username}
        </Text>
        {user.plan && (
          <Text size="xs" c="dimmed" tt="capitalize">
            {user.plan}
            {user.subscription_status ? ` · ${user.subscription_status.replace('_', ' ')}` : ''}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{orDash(user.email)}</Table.Td>
      <Table.Td>{orDash(user.country)}</Table.Td>
      <Table.Td>{orDash(user.phone_number)}</Table.Td>
      <Table.Td>{user.is_verified ? 'Yes' : 'No'}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={user.totp_secret ? 'green' : 'gray'}>
          {user.totp_secret ? 'Enabled' : 'Disabled'}
        </Badge>
      </Table.Td>
      <Table.Td>{user.is_admin ? 'Yes' : 'No'}</Table.Td>
      <Table.Td>
        <UserActions user={user} onError={onError} />
      </Table.Td>
    </Table.Tr>
  );
}
