import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column of a card table and how each row fills its cell. */
export interface CardColumn<T> {
  /** The header, and on a phone the name beside the value in the card ('' for buttons). */
  label: string;
  cell: (row: T) => ReactNode;
  /** Figures align right. */
  right?: boolean;
  /** The row's name (its symbol) in bold. */
  strong?: boolean;
  /** The value's colour, e.g. a P&L's. */
  color?: (row: T) => string | undefined;
}

interface Props<T> {
  columns: readonly CardColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Attributes of a row's element, such as its test id. */
  rowProps?: (row: T) => Record<string, string>;
  /** Below this width the table scrolls sideways on a wide screen. */
  minWidth: number;
  mah?: number;
  /** A log that scrolls (trades, dividends): tighter rows in smaller type, the header kept in view. */
  log?: boolean;
}

/**
 * A wide table that becomes a stack of cards on a phone (.cards-on-phone in styles.css): each
 * row a card, each cell a line headed by its column's name, given as the cell's data-label.
 */
export function CardTable<T>(props: Props<T>) {
  const { columns, rows, rowKey, rowProps, minWidth, mah, log = false } = props;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" mah={mah}>
      <Table
        className="cards-on-phone"
        verticalSpacing={log ? 4 : 'xs'}
        fz={log ? 'sm' : undefined}
        stickyHeader={log}
        highlightOnHover={!log}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, k) => (
              <Table.Th key={k} ta={column.right ? 'right' : undefined}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column, k) => (
                <Table.Td
                  key={k}
                  data-label={column.label || undefined}
                  ta={column.right ? 'right' : undefined}
                  fw={column.strong ? 600 : undefined}
                  c={column.color?.(row)}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
