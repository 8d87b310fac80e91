import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dashboard panel: a title, optional controls on the right, the body. */
export function SectionCard({
  title,
  right,
  children,
  testId,
}: {
  title: ReactNode;
  right?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} fz="md">
          {title}
        </Title>
        {right}
      </Group>
      {children}
    </Card>
  );
}

/**
 * A read's three states: a loader on the first load, the 'Failed to fetch ...' text when it
 * failed with nothing to show, else the body (a failed refetch keeps the last data, with a note).
 */
export function QueryBody<T>({
  query,
  failed,
  children,
  testId,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError'>;
  failed: string;
  children: (data: T) => ReactNode;
  testId?: string;
}) {
  if (query.data !== undefined)
    return (
      <Stack gap="xs">
        {query.isError && (
          <Text size="xs" c="red" data-testid={testId && `${testId}-stale`}>
            {failed}; showing the last figures.
          </Text>
        )}
        {children(query.data)}
      </Stack>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" data-testid={testId && `${testId}-error`}>
        {failed}
      </Alert>
    );
  return (
    <Group justify="center" py="md">
      <Loader size="sm" aria-label="Loading" />
    </Group>
  );
}

/** A quiet line saying there is nothing to show yet, and what would make something appear. */
export function EmptyText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {children}
    </Text>
  );
}
