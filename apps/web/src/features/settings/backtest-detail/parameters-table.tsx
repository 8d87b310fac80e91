import type { TStockParameters } from '@tradebot/api-contract';
import { Table, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { words } from '../../../lib/text';
import { parameterValue } from './format';

type Field = keyof TStockParameters;

/**
 * The parameters the backtest chose beside the defaults they replace, changed ones in bold, in
 * the order and with the labels of the parameter schema (the Optimized Parameters table's).
 */
export function ParametersTable({
  chosen,
  defaults,
}: {
  chosen: TStockParameters;
  defaults: TStockParameters;
}) {
  const trpc = useTRPC();
  const schema = useQuery(trpc.stockLists.parameterSchema.queryOptions()).data;
  const known = new Set<string>(Object.keys(chosen));
  const rows: { field: Field; label: string; description?: string }[] = schema
    ? [...schema.numeric, ...schema.flags]
        .filter((p) => known.has(p.field))
        .map((p) => ({ field: p.field as Field, label: p.label, description: p.description }))
    : (Object.keys(chosen) as Field[]).map((field) => ({ field, label: words(field) }));
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
        {rows.map(({ field, label, description }) => {
          const changed = chosen[field] !== defaults[field];
          return (
            <Table.Tr key={field}>
              <Table.Td>
                <Tooltip label={description} disabled={!description} multiline w={280}>
                  <span>{label}</span>
                </Tooltip>
              </Table.Td>
              <Table.Td ta="right" fw={changed ? 700 : undefined}>
                {parameterValue(chosen[field], field)}
              </Table.Td>
              <Table.Td ta="right" c="dimmed">
                {parameterValue(defaults[field], field)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
