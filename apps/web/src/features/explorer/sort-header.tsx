import type { TExplorerSort, TExplorerSortColumn } from '@tradebot/api-contract';
import { Table, UnstyledButton } from '@mantine/core';

/** A column header that sorts the whole result by its column (arrow: the current direction). */
export function SortHeader({
  column,
  label,
  sort,
  onSort,
  align = 'left',
}: {
  column: TExplorerSortColumn;
  label: string;
  sort: TExplorerSort | null;
  onSort: (column: TExplorerSortColumn) => void;
  align?: 'left' | 'right';
}) {
  const dir = sort?.by === column ? sort.dir : null;
  return (
    <Table.Th
      ta={align}
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        fz="sm"
        fw={700}
        data-testid={`sort-${column}`}
        title={`Sort by ${label}`}
      >
        {label}
        <span aria-hidden style={{ marginLeft: 4, opacity: dir ? 1 : 0.35 }}>
          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
