import type { TBacktestRobustness } from '@tradebot/api-contract';
import { Badge, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { cellStyle, PointText } from './robustness-cell';
import { offsetLabel, paramHeading } from './robustness-text';

type Param = TBacktestRobustness['params'][number];

/**
 * The out-of-sample result with each parameter moved −2, −1, +1 and +2 steps, one row per
 * parameter (a switch has one result, turned the other way). On phones each parameter's name
 * sits on its own row above its four results, so the table fits the screen.
 */
export function RobustnessTable({
  map,
  largest,
  phone,
}: {
  map: TBacktestRobustness;
  largest: number;
  phone: boolean;
}) {
  const flips = new Set(map.flips);
  const heading = (p: Param) => {
    const { label, step } = paramHeading(p);
    return (
      <>
        <Text size="xs" fw={flips.has(p.name) ? 700 : 500} span>
          {label}
        </Text>{' '}
        <Text size="xs" c="dimmed" span>
          ({step})
        </Text>
        {flips.has(p.name) && (
          <Badge size="xs" color="red" variant="light" ml={4}>
            flips
          </Badge>
        )}
      </>
    );
  };
  const cells = (p: Param) =>
    p.kind === 'bool' ? (
      <>
        <Table.Td />
        <Table.Td colSpan={2} ta="center" style={cellStyle(p.neighbours[1] ?? null, largest)}>
          <PointText point={p.neighbours[1] ?? null} />
        </Table.Td>
        <Table.Td />
      </>
    ) : (
      p.neighbours.map((n, k) => (
        <Table.Td key={map.offsets[k]} ta="center" style={cellStyle(n, largest)}>
          <PointText point={n} />
        </Table.Td>
      ))
    );
  return (
    <Table
      verticalSpacing={2}
      horizontalSpacing={phone ? 4 : 'xs'}
      withRowBorders
      data-testid="robustness-table"
    >
      <Table.Thead>
        <Table.Tr>
          {!phone && <Table.Th>Parameter</Table.Th>}
          {map.offsets.map((o) => (
            <Table.Th key={o} ta="center" fz="xs" style={{ whiteSpace: 'nowrap' }}>
              {offsetLabel(o)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {map.params.map((p) =>
          phone ? (
            <Fragment key={p.name}>
              <Table.Tr>
                <Table.Td colSpan={4} pb={0} style={{ borderBottom: 0 }}>
                  {heading(p)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr data-param={p.name}>{cells(p)}</Table.Tr>
            </Fragment>
          ) : (
            <Table.Tr key={p.name} data-param={p.name}>
              <Table.Td>{heading(p)}</Table.Td>
              {cells(p)}
            </Table.Tr>
          ),
        )}
      </Table.Tbody>
    </Table>
  );
}
