import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';

export type SelectionState = [ReadonlySet<string>, Dispatch<SetStateAction<ReadonlySet<string>>>];

export interface RowSelection {
  selected: ReadonlySet<string>;
  /** The ticked rows still in the table, in the table's order. */
  chosen: string[];
  /** Every row ticked (and there is at least one). */
  all: boolean;
  /** Some rows ticked but not all: the Select All box shows a dash. */
  partial: boolean;
  toggle: (symbol: string) => void;
  /** Select All: ticks every row, or clears them when all were ticked. */
  toggleAll: () => void;
  set: (symbols: Iterable<string>) => void;
}

/** A selection held above a tab (the settings page), so a tab switch keeps the ticks. */
export const useSelectionState = (): SelectionState =>
  useState<ReadonlySet<string>>(() => new Set());

/**
 * Ticked rows of a table of symbols. The state is the hook's own, or `state` when the selection
 * must outlive the table (a tab that unmounts). Ticks of rows that left the table do not count.
 */
export function useRowSelection(symbols: readonly string[], state?: SelectionState): RowSelection {
  const own = useState<ReadonlySet<string>>(() => new Set());
  const [selected, setSelected] = state ?? own;
  const toggle = useCallback(
    (symbol: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(symbol)) next.add(symbol);
        return next;
      }),
    [setSelected],
  );
  const set = useCallback((next: Iterable<string>) => setSelected(new Set(next)), [setSelected]);
  return useMemo(() => {
    const view = selectionView(symbols, selected);
    return {
      selected,
      ...view,
      toggle,
      toggleAll: () => set(view.all ? [] : symbols),
      set,
    };
  }, [symbols, selected, toggle, set]);
}

/** What a selection means for the table's rows: which are ticked, all of them, or some. */
export function selectionView(symbols: readonly string[], selected: ReadonlySet<string>) {
  const chosen = symbols.filter((symbol) => selected.has(symbol));
  const all = symbols.length > 0 && chosen.length === symbols.length;
  return { chosen, all, partial: !all && chosen.length > 0 };
}
