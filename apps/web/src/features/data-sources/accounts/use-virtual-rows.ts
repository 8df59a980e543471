import {
  defaultRangeExtractor,
  measureElement,
  useWindowVirtualizer,
  type Range,
} from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useState, type FocusEvent } from 'react';

/**
 * Lists longer than this render only the rows near the screen. Shorter ones render every row,
 * so the browser's own find in page still sees them all (and a test without layout sees them).
 */
export const VIRTUALISE_ABOVE = 100;

/** Rows drawn beyond each edge of the screen, so a quick scroll or Tab finds them ready. */
const OVERSCAN = 10;

/** A rendered row of the list, or the empty space standing for the rows not rendered. */
export type RowSlot = { kind: 'row'; index: number } | { kind: 'gap'; key: string; height: number };

interface VirtualRowsOptions {
  count: number;
  /** Whether to virtualise at all (see VIRTUALISE_ABOVE); false renders every row. */
  virtual: boolean;
  /** A row's height before it is measured. */
  estimateSize: (index: number) => number;
}

export interface VirtualRows {
  /** The rows to render and the gaps between them, in list order. */
  slots: RowSlot[];
  /** The ref callback of the table the rows are in: where the list starts on the page. */
  attachTable: (table: HTMLTableElement | null) => void;
  /**
   * The ref of every rendered row (undefined when not virtualising): measures its height. A
   * row carries `data-index={index}` for it, and `aria-rowindex={index + 2}`.
   */
  measureRow: ((element: HTMLTableRowElement | null) => void) | undefined;
  /** Focus handlers for the table: the row holding focus stays rendered while scrolled away. */
  focusProps: {
    onFocus: (event: FocusEvent<HTMLElement>) => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
}

/**
 * The rows of a table as the window scrolls: those on screen (and a few beyond) plus gaps of
 * the height of those left out, so the page scrolls as if every row were there. The table's
 * header row is row 1 for `aria-rowindex`, its rows follow from 2.
 */
export function useVirtualRows({ count, virtual, estimateSize }: VirtualRowsOptions): VirtualRows {
  const [table, attachTable] = useState<HTMLTableElement | null>(null);
  const [listTop, setListTop] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);

  // Where the rows start on the page moves whenever anything above them changes height
  // (another group collapsing, an alert appearing), so follow the document's size.
  useLayoutEffect(() => {
    if (!virtual || !table) return;
    const update = () => {
      const top = (table.tHead ?? table).getBoundingClientRect().bottom + window.scrollY;
      setListTop((current) => (Math.abs(current - top) < 1 ? current : top));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, [virtual, table]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [focused],
  );

  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count,
    enabled: virtual,
    estimateSize,
    // Heights are remembered by position (the default key): a key per row would be computed
    // for every one of thousands of rows on each pass, and rows re-measure as they show anyway.
    overscan: OVERSCAN,
    scrollMargin: listTop,
    rangeExtractor,
    // Without layout (a test's DOM) a row measures 0: keep its estimate rather than
    // concluding that every row fits on the screen.
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      return size > 0 ? size : estimateSize(instance.indexFromElement(element));
    },
  });

  const slots: RowSlot[] = [];
  if (!virtual) {
    for (let index = 0; index < count; index += 1) slots.push({ kind: 'row', index });
  } else {
    let cursor = listTop;
    for (const item of virtualizer.getVirtualItems()) {
      if (item.start - cursor >= 1) {
        slots.push({ kind: 'gap', key: `gap-${item.index}`, height: item.start - cursor });
      }
      slots.push({ kind: 'row', index: item.index });
      cursor = item.end;
    }
    const end = listTop + virtualizer.getTotalSize();
    if (end - cursor >= 1) slots.push({ kind: 'gap', key: 'gap-end', height: end - cursor });
  }

  const focusProps = {
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const row = event.target.closest<HTMLElement>('tr[data-index]');
      if (row) setFocused(Number(row.dataset.index));
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
    },
  };

  return {
    slots,
    attachTable,
    measureRow: virtual ? virtualizer.measureElement : undefined,
    focusProps,
  };
}
