import { useEffect, useRef, type RefObject } from 'react';

/**
 * The ways out of a popup that is not a modal dialog (a menu, a panel, a bubble): Escape, which
 * hands the focus back to `returnTo` (the control that opened it), and, given `inside`, a press
 * anywhere `inside` does not claim. `close` and `inside` may be new functions every render.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  options: {
    returnTo: RefObject<HTMLElement | null>;
    inside?: (target: Node) => boolean;
  },
): void {
  const latest = useRef({ close, inside: options.inside });
  latest.current = { close, inside: options.inside };
  const { returnTo } = options;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      latest.current.close();
      returnTo.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const { inside } = latest.current;
      if (inside && !(e.target instanceof Node && inside(e.target))) latest.current.close();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, returnTo]);
}
