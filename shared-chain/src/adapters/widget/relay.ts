/**
 * The widget relay (chain-layer.md section 7): inside the embeddable widget every wallet action is
 * asked of the host page. Requests go out as JMSwapFunction messages to the host's exact origin
 * (never '*'); replies are JMSwapResponse messages, accepted only from the parent window at that
 * origin and matched to their request by id (or, for hosts that send no id, to the oldest open
 * request of that function).
 */
import { t } from '@lingui/core/macro';
import { ChainError } from '../../core/errors';

// Read with the host's answer to connect: the wallets it offers to pick from.
export { hostWalletOffers, WalletChoiceNeeded } from '../../wallets/detect';

export const WIDGET_FUNCTION = 'JMSwapFunction';
export const WIDGET_RESPONSE = 'JMSwapResponse';

/** Each function the widget may call, and the reply the host answers it with. */
export const RELAY_REPLIES = {
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

export type RelayFunction = keyof typeof RELAY_REPLIES;

/** The host page did not answer a request in time. */
export class HostSilentError extends ChainError {
  constructor(readonly fn: RelayFunction) {
    super('TRANSACTION_FAILED', t`The host page did not answer ${fn}`);
  }
}

interface Pending {
  fn: RelayFunction;
  resolve: (data: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** bigint is not JSON: amounts cross the frame boundary as decimal strings. */
function portable(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(portable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, portable(v)]));
  }
  return value;
}

export class WidgetRelay {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly unsolicited = new Set<(fn: string, data: unknown) => void>();
  private readonly listener = (event: MessageEvent) => this.onMessage(event);

  constructor(
    private readonly win: Window,
    readonly hostOrigin: string,
    private readonly timeoutMs = 300_000,
  ) {
    if (!hostOrigin || hostOrigin === 'null' || hostOrigin === '*') {
      throw new Error('The widget relay needs the exact origin of its host page');
    }
    win.addEventListener('message', this.listener);
  }

  /** Asks the host page to run `fn`; resolves with the reply's data. */
  call(
    fn: RelayFunction,
    params: Record<string, unknown> = {},
    timeoutMs = this.timeoutMs,
  ): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new HostSilentError(fn));
      }, timeoutMs);
      this.pending.set(id, { fn, resolve, reject, timer });
      this.win.parent.postMessage(
        { type: WIDGET_FUNCTION, function: fn, params: portable(params), id },
        this.hostOrigin,
      );
    });
  }

  /** Host messages that answer no request (e.g. an "updated" wallet after an account change). */
  onUnsolicited(listener: (fn: string, data: unknown) => void): () => void {
    this.unsolicited.add(listener);
    return () => this.unsolicited.delete(listener);
  }

  close(): void {
    this.win.removeEventListener('message', this.listener);
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new ChainError('WALLET_NOT_CONNECTED'));
    }
    this.pending.clear();
  }

  private onMessage(event: MessageEvent): void {
    if (event.source !== this.win.parent || event.origin !== this.hostOrigin) return;
    const message = event.data as {
      type?: unknown;
      function?: unknown;
      id?: unknown;
      data?: unknown;
    } | null;
    if (!message || typeof message !== 'object' || message.type !== WIDGET_RESPONSE) return;
    const fn = String(message.function);
    const id = typeof message.id === 'number' ? message.id : this.oldestOpen(fn);
    const pending = id === undefined ? undefined : this.pending.get(id);
    if (!pending || RELAY_REPLIES[pending.fn] !== fn) {
      this.unsolicited.forEach((l) => l(fn, message.data));
      return;
    }
    this.pending.delete(id as number);
    clearTimeout(pending.timer);
    pending.resolve(message.data);
  }

  private oldestOpen(replyFn: string): number | undefined {
    for (const [id, p] of this.pending) if (RELAY_REPLIES[p.fn] === replyFn) return id;
    return undefined;
  }
}

/** Whether a reply carries the wallet's refusal (EIP-1193 / TronLink code 4001). */
export function isRejection(data: unknown): boolean {
  const code = (data as { error?: { code?: unknown }; code?: unknown } | null)?.error?.code;
  return code === 4001 || code === '4001';
}

function assertNotRejected(data: unknown): void {
  if (isRejection(data)) throw new ChainError('4001');
}

/**
 * What an approval the host confirmed without a transaction id stands for. Writers return it at
 * once: there is no transaction to wait for, and a receipt wait on an empty id would never end.
 */
export const APPROVED_BY_HOST = 'approved-by-host';

/** Widget approve: a false reply is a failure; `true` (or no id) means the host approved. */
export function approvalResult(data: unknown): string {
  assertNotRejected(data);
  if (data === false || data === undefined || data === null) {
    throw new ChainError('TRANSACTION_FAILED', t`The host page did not approve`);
  }
  return txidOf(data) || APPROVED_BY_HOST;
}

/** The chain a host reply names (connected, updated), or undefined when it names none. */
export function chainIdOf(data: unknown): number | undefined {
  const raw = (data as { chainId?: unknown } | null)?.chainId;
  const id =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string'
        ? Number.parseInt(raw, raw.startsWith('0x') ? 16 : 10)
        : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Widget execute or send: a falsy reply is a failure. */
export function executionResult(data: unknown): string {
  assertNotRejected(data);
  if (!data) throw new ChainError('TRANSACTION_FAILED');
  const txid = txidOf(data);
  if (!txid) throw new ChainError('TRANSACTION_FAILED');
  return txid;
}

function txidOf(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object') {
    const d = data as { txid?: unknown; transactionHash?: unknown; hash?: unknown };
    const txid = d.txid ?? d.transactionHash ?? d.hash;
    return typeof txid === 'string' ? txid : '';
  }
  return '';
}
