import { useRef, type KeyboardEvent } from 'react';

/** Where an arrow, Home or End moves the focus from tab `at` of `count` (round the ends). */
function tabAfterKey(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * A tab list's keys, as screen readers announce one: the arrows, Home and End move the focus
 * between its `count` tabs (the selected one alone is in the Tab order: `tabIndex`); Enter or
 * Space then acts, so moving the focus alone switches nothing.
 */
export function useTabKeys(count: number) {
  const tabs = useRef<(HTMLElement | null)[]>([]);
  return (at: number, selected: boolean) => ({
    ref: (el: HTMLElement | null) => {
      tabs.current[at] = el;
    },
    tabIndex: selected ? 0 : -1,
    onKeyDown: (event: KeyboardEvent) => {
      const next = tabAfterKey(event.key, at, count);
      if (next === undefined) return;
      event.preventDefault();
      tabs.current[next]?.focus();
    },
  });
}
