import { startTransition, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';

/**
 * The page's first render, as a transition: React renders it in slices of a few milliseconds,
 * yielding to the browser between them, instead of one task of 300-500 ms at 4x CPU that blocked
 * input (Lighthouse's TBT). The prerendered frame stays on screen until the page is committed in
 * one piece, so nothing shows half-drawn.
 */
export function renderPage(root: Root, page: ReactNode): void {
  startTransition(() => root.render(page));
}
