import { ui } from '@tradebot/api-contract';
import { Alert, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { serverDetail } from '../../../lib/trpc';

/** What the body needs of a query (tRPC's useQuery result fits). */
interface Loadable<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/**
 * A list's body on the Trading tab: a loader while the list or the parameter schema loads, the
 * error of either, the spec's empty text, else `children` with the loaded schema.
 */
export function ListBody<S>({
  list,
  schema,
  empty,
  emptyText,
  emptyTestId,
  children,
}: {
  list: Loadable<unknown>;
  schema: Loadable<S>;
  empty: boolean;
  emptyText: string;
  emptyTestId: string;
  children: (schema: S) => ReactNode;
}) {
  if (list.isPending || schema.isPending) return <Loader size="sm" />;
  const failed = list.isError ? list.error : schema.isError ? schema.error : null;
  if (failed !== null)
    return <Alert color="red">{serverDetail(failed, ui.settingsLoadFailedRetry)}</Alert>;
  if (empty || schema.data === undefined)
    return (
      <Text c="dimmed" data-testid={emptyTestId}>
        {emptyText}
      </Text>
    );
  return <>{children(schema.data)}</>;
}
