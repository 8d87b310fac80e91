import type { TAdminUser } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract/client';
import { Alert, Badge, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { useAdminAccess } from './use-admin-access';
import { UserActions } from './user-actions';

const HEADERS = [
  'ID',
  'Username',
  'Email',
  'Country',
  'Phone',
  'Verified',
  '2FA',
  'Admin',
  'Actions',
];
const orDash = (value: string | null) => (value ? value : '-');

function UserRow({
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

export function UsersTable() {
  const trpc = useTRPC();
  const users = useQuery(trpc.admin.users.queryOptions());
  const [actionError, setActionError] = useState<string | null>(null);
  useAdminAccess(users.error);

  const list = Array.isArray(users.data) ? users.data : [];
  return (
    <>
      {users.isError && (
        <Alert color="red" variant="light" mb="md">
          {serverDetail(users.error, ui.usersLoadFailed)}
        </Alert>
      )}
      {actionError && (
        <Alert
          color="red"
          variant="light"
          mb="md"
          withCloseButton
          onClose={() => setActionError(null)}
          data-testid="admin-action-error"
        >
          {actionError}
        </Alert>
      )}
      {list.length === 0 && !users.isError ? (
        <Text c="dimmed">{ui.loadingUsers}</Text>
      ) : (
        <ScrollArea>
          <Table striped highlightOnHover verticalSpacing="sm" miw={900} data-testid="users-table">
            <Table.Thead>
              <Table.Tr>
                {HEADERS.map((header) => (
                  <Table.Th key={header}>{header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((user) => (
                <UserRow key={user.id} user={user} onError={setActionError} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </>
  );
}
