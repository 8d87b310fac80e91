import { ui } from '@tradebot/api-contract';
import { Alert, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { useAdminAccess } from './use-admin-access';
import { UserRow } from './user-row';

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
          <Table
            className="data-table cards-on-phone"
            striped
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing={8}
            data-testid="users-table"
          >
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
