import type { CSSProperties } from 'react';

/** The symbol column stays in view while a wide table scrolls sideways. */
export const STICKY_CELL: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--table-border-color)',
};
