import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { useAdminAccess } from './use-admin-access';

/**
 * The mail outbox: what was sent, and what was kept instead (development without SMTP). Tokens
 * in links are never stored, so they show as "[redacted]"; the worker's log has the full link.
 */
export function MailOutbox() {
  const trpc = useTRPC();
  const mail = useQuery(trpc.admin.mailOutbox.queryOptions());
  useAdminAccess(mail.error);

  if (mail.isError)
    return (
      <Alert color="red" variant="light">
        {serverDetail(mail.error, 'Failed to fetch the mail outbox')}
      </Alert>
    );
  if (mail.isPending) return <Text c="dimmed">Loading mail...</Text>;
  if (mail.data.length === 0) return <Text c="dimmed">The outbox is empty.</Text>;
  return (
    <Stack gap="sm" data-testid="mail-outbox">
      <Text size="xs" c="dimmed">
        Tokens in links are not stored and show as [redacted]. In development without SMTP, the
        worker prints each mail with its links to its log.
      </Text>
      {mail.data.map((item) => (
        <Card key={item.id} withBorder padding="md">
          <Group justify="space-between" mb={4}>
            <Text fw={600} size="sm">
              {item.subject}
            </Text>
            <Badge variant="light" color={item.status === 'sent' ? 'green' : 'gray'}>
              {item.status}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mb="xs">
            To {item.to} · {new Date(item.created_at).toLocaleString()}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {item.text}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
