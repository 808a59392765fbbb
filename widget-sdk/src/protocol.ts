/**
 * The widget's messages (chain-layer.md section 7) and the checks every incoming message passes
 * before the host SDK looks at it: its own iframe's window, the widget's exact origin, a known
 * type and function, a bounded size.
 */

export const WIDGET_LOADING = 'JMSwapLoading';
export const WIDGET_SET_OPTIONS = 'JMSetOptions';
export const WIDGET_FUNCTION = 'JMSwapFunction';
export const WIDGET_RESPONSE = 'JMSwapResponse';
export const WIDGET_HEIGHT = 'JMSwapHeight';

/** Each function the widget may ask of the host, and the name of the reply. */
export const REPLIES = {
  connect: 'connected',
  update: 'updated',
  getBalanceForBase: 'balanceForBaseResponse',
  getBalanceForToken: 'balanceForTokenResponse',
  getResources: 'energyResponse',
  getAllowance: 'allowanceResponse',
  approve: 'approvalResponse',
  approveSigned: 'approvalSignedResponse',
  execute: 'executeResponse',
  send: 'sendResponse',
} as const;

export type RelayFunction = keyof typeof REPLIES;

/** Largest message the SDK reads, as JSON characters: real calls are well under 4 kB. */
export const MAX_MESSAGE_CHARS = 16_384;
/** Heights beyond this are not a swap box: ignored rather than stretching the host page. */
export const MAX_HEIGHT_PX = 4000;

export type WidgetMessage =
  | { kind: 'loading' }
  | { kind: 'height'; height: number }
  | { kind: 'call'; fn: RelayFunction; params: Record<string, unknown>; id?: number };

interface IncomingEvent {
  data: unknown;
  origin: string;
  source: unknown;
}

const isFunctionName = (value: unknown): value is RelayFunction =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(REPLIES, value);

function sizeOf(data: unknown): number {
  try {
    return JSON.stringify(data)?.length ?? Infinity;
  } catch {
    return Infinity; // cycles or bigint: not a message of the protocol
  }
}

/**
 * Reads a message from the widget, or undefined when it must be ignored: another window or
 * origin, an unknown type or function, params that are not a plain object, or too large.
 */
export function readWidgetMessage(
  event: IncomingEvent,
  frameWindow: unknown,
  widgetOrigin: string,
): WidgetMessage | undefined {
  if (!frameWindow || event.source !== frameWindow || event.origin !== widgetOrigin) return;
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return;
  if (sizeOf(data) > MAX_MESSAGE_CHARS) return;
  if (data.type === WIDGET_LOADING) return { kind: 'loading' };
  if (data.type === WIDGET_HEIGHT) {
    const height = data.height;
    if (typeof height !== 'number' || !Number.isFinite(height)) return;
    if (height <= 0 || height > MAX_HEIGHT_PX) return;
    return { kind: 'height', height: Math.ceil(height) };
  }
  if (data.type !== WIDGET_FUNCTION || !isFunctionName(data.function)) return;
  const params = data.params ?? {};
  if (typeof params !== 'object' || Array.isArray(params) || params === null) return;
  const id = data.id;
  if (id !== undefined && (typeof id !== 'number' || !Number.isSafeInteger(id))) return;
  return { kind: 'call', fn: data.function, params: params as Record<string, unknown>, id };
}

/** The origin of the site that serves the widget, from the SDK's own script url. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}
