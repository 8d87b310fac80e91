import type { TStockParameters } from '@tradebot/api-contract';
import { Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { words } from './format';

const show = (value: number | boolean) =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

/** The parameters the backtest chose beside the defaults they replace; changed ones in bold. */
export function ParametersTable({
  chosen,
  defaults,
}: {
  chosen: TStockParameters;
  defaults: TStockParameters;
}) {
  const trpc = useTRPC();
  const schema = useQuery(trpc.stockLists.parameterSchema.queryOptions());
  const labels = new Map(schema.data?.numeric.map((p) => [p.field, p.label]));
  const fields = Object.keys(chosen) as (keyof TStockParameters)[];
  return (
    <Table striped verticalSpacing={4} data-testid="parameters-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Parameter</Table.Th>
          <Table.Th ta="right">Chosen</Table.Th>
          <Table.Th ta="right">Default</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => {
          const changed = chosen[field] !== defaults[field];
          return (
            <Table.Tr key={field}>
              <Table.Td>{labels.get(field) ?? words(field)}</Table.Td>
              <Table.Td ta="right" fw={changed ? 700 : undefined}>
                {show(chosen[field])}
              </Table.Td>
              <Table.Td ta="right" c="dimmed">
                {show(defaults[field])}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
