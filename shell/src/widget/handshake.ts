/** Messages of the widget handshake (chain-layer.md section 7). */
export const WIDGET_LOADING = 'JMSwapLoading';
export const WIDGET_SET_OPTIONS = 'JMSetOptions';

export interface WidgetOptions {
  tokens?: string[];
  fromToken?: string;
  toToken?: string;
  network?: string;
  slippage?: number;
  [key: string]: unknown;
}

/**
 * The parent page's origin: from location.ancestorOrigins (Chromium) or the referrer.
 * No origin (not framed, or opaque) means the widget does not activate.
 */
export function detectParentOrigin(win: Window): string | undefined {
  if (win.parent === win) return undefined;
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Exact match on the normalised origin; never prefix or substring matching. */
export function isAllowedHost(
  origin: string | undefined,
  allowedHosts: readonly string[],
): origin is string {
  if (!origin || origin === 'null') return false;
  return allowedHosts.some((h) => {
    try {
      return new URL(h).origin === origin;
    } catch {
      return false;
    }
  });
}

/**
 * Posts JMSwapLoading to the parent (at its exact origin) and resolves with the options of the
 * first JMSetOptions message that comes from that parent window and origin. Everything else is
 * ignored. Returns a stop function.
 */
export function startWidgetHandshake(
  win: Window,
  parentOrigin: string,
  onOptions: (options: WidgetOptions) => void,
): () => void {
  const listener = (event: MessageEvent) => {
    if (event.source !== win.parent || event.origin !== parentOrigin) return;
    const data = event.data as { type?: unknown; options?: unknown } | null;
    if (!data || typeof data !== 'object' || data.type !== WIDGET_SET_OPTIONS) return;
    const options =
      data.options && typeof data.options === 'object' ? (data.options as WidgetOptions) : {};
    onOptions(options);
  };
  win.addEventListener('message', listener);
  win.parent.postMessage({ type: WIDGET_LOADING }, parentOrigin);
  return () => win.removeEventListener('message', listener);
}
