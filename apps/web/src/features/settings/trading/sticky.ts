import type { CSSProperties } from 'react';

/**
 * The symbol column stays in view while a wide table scrolls sideways. Its background is the
 * card's (white, or dark-6 in the dark theme) so the cells scrolling under it stay hidden.
 */
export const STICKY_CELL: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'light-dark(var(--mantine-color-white), var(--mantine-color-dark-6))',
  boxShadow: 'inset -1px 0 0 var(--table-border-color)',
};
