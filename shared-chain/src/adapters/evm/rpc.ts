/**
 * A JSON-RPC client over fetch for the EVM reads (no ethers in the first load). Calls made within
 * a few milliseconds go out as one batch (one HTTP request), as ethers' JsonRpcProvider batched
 * them before; every HTTP request is counted per node url (requestCount).
 *
 * Every request goes through the network's NodePool (core/nodePool.ts): a node that answers
 * 429/402/5xx, times out, cannot be reached or answers something that is not a JSON-RPC answer
 * to these calls is quarantined and the calls go to the next node. A JSON-RPC error (a revert
 * with its data, a bad parameter) is the node's answer and is never asked of another node.
 * A batch that sends a transaction (eth_sendRawTransaction, eth_sendTransaction) is sent to one
 * node once: it is never repeated elsewhere, whatever happens to it.
 */
import {
  isNodeHttpFailure,
  NodeFailure,
  NodePool,
  READ_TIMEOUT_MS,
  withFailover,
  withTimeout,
  type NodeFacts,
} from '../../core/nodePool';
import { nodesFor } from '../nodes';
import { countRequest } from './helpers';

/** How long a call waits for others to share its HTTP request, and the most calls per request. */
const BATCH_STALL_MS = 5;
const BATCH_MAX = 100;
/** A send waits longer for its answer than a read (it is never repeated on another node). */
const SEND_TIMEOUT_MS = 30_000;

/** Methods that send a transaction: one node, one request, never failed over. */
export const SEND_METHODS: ReadonlySet<string> = new Set([
  'eth_sendRawTransaction',
  'eth_sendTransaction',
]);

export interface RpcRequest {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params: unknown[];
}

export interface RpcAnswer {
  jsonrpc?: string;
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

/** A node's JSON-RPC error (a revert, a bad parameter), with its code and data kept. */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/**
 * Whether a node's result for one call can be used: undefined when it can, else why not (then
 * the node is passed over like a failing one and the call goes to the next node).
 */
export type Accept = (result: unknown) => string | undefined;

export interface TransportOptions {
  fetchImpl?: typeof fetch;
  /** Per request id: checks of the node's result (see Accept). */
  accept?: ReadonlyMap<number, Accept>;
  /** Per node and request (default 10 s; 30 s for a send). */
  timeoutMs?: number;
  /** The backoff's wait (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON-RPC 2.0 response object: an id and exactly one of result and error (an object). */
function isEnvelope(value: unknown): value is RpcAnswer {
  if (!isObject(value)) return false;
  const hasResult = 'result' in value;
  const hasError = 'error' in value && value.error !== undefined && value.error !== null;
  if (hasResult === hasError) return false;
  return !hasError || isObject(value.error);
}

/** A JSON-RPC error that says "too many requests" (EIP-1474 -32005, or the words). */
export function isRateLimited(answer: RpcAnswer): boolean {
  const { code, message } = answer.error ?? {};
  if (code === -32005 || code === 429) return true;
  return typeof message === 'string' && /rate.?limit|too many requests/i.test(message);
}

/** One HTTP request to one node: its answers by call id, or a NodeFailure saying why not. */
async function exchange(
  url: string,
  requests: readonly RpcRequest[],
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<Map<number, RpcAnswer>> {
  countRequest(url);
  return withTimeout(url, timeoutMs, async (signal) => {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A lone call goes out unwrapped, as ethers sent it.
        body: JSON.stringify(requests.length === 1 ? requests[0] : requests),
        signal,
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      throw new NodeFailure(`node unreachable: ${text}`, url);
    }
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a NodeFailure's diagnostic
    const httpError = `node answered HTTP ${res.status} ${res.statusText ?? ''}`.trim();
    if (isNodeHttpFailure(res.status)) throw new NodeFailure(httpError, url);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new NodeFailure(res.ok ? 'node answered something that is not JSON' : httpError, url);
    }
    const list = Array.isArray(body) ? body : [body];
    const answers = new Map<number, RpcAnswer>();
    const ids = new Set(requests.map((r) => r.id));
    for (const item of list) {
      if (!isEnvelope(item))
        throw new NodeFailure('node answered something that is not JSON-RPC', url);
      // A node that answers a lone call without its id (null) still answered that call.
      const id =
        requests.length === 1 && (item.id === undefined || item.id === null)
          ? requests[0]?.id
          : item.id;
      if (typeof id !== 'number' || !ids.has(id))
        throw new NodeFailure(`node answered an id it was not asked (${String(item.id)})`, url);
      answers.set(id, item);
    }
    // Another 4xx with JSON-RPC answers to every call is the node's answer; else the node failed.
    if (!res.ok && answers.size < requests.length) throw new NodeFailure(httpError, url);
    return answers;
  });
}

const quantity = (value: unknown): number | undefined =>
  typeof value === 'string' && /^0x[0-9a-f]{1,15}$/i.test(value) ? parseInt(value, 16) : undefined;

/**
 * A node's chain and head in one HTTP request (eth_chainId and the latest block's header), for
 * the pool's checks; a NodeFailure when the answers do not say (the node cannot be used).
 */
export async function evmNodeFacts(
  url: string,
  fetchImpl: typeof fetch,
  timeoutMs = READ_TIMEOUT_MS,
): Promise<NodeFacts> {
  const answers = await exchange(
    url,
    [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getBlockByNumber', params: ['latest', false] },
    ],
    fetchImpl,
    timeoutMs,
  );
  const chainId = quantity(answers.get(1)?.result);
  const block = answers.get(2)?.result as { number?: unknown; timestamp?: unknown } | null;
  const number = quantity(block?.number);
  const timestamp = quantity(block?.timestamp);
  if (chainId === undefined) throw new NodeFailure('node did not tell its chain id', url);
  if (number === undefined || timestamp === undefined)
    throw new NodeFailure('node did not tell its latest block', url);
  return { chainId, head: { number, timestampMs: timestamp * 1000 } };
}

/** What became of one request: the node's answer, or why no node answered it. */
export type RpcOutcome = { answer: RpcAnswer; failure?: undefined } | { failure: unknown };

/**
 * Sends `requests` through the pool: calls a node did not answer (or answered "rate limited")
 * go to the next node; a batch with a send goes to one node once. One outcome per request, in
 * order.
 */
export async function sendThroughPool(
  pool: NodePool,
  requests: readonly RpcRequest[],
  options: TransportOptions = {},
): Promise<RpcOutcome[]> {
  const fetchImpl = options.fetchImpl ?? ((...args) => fetch(...args));
  const sends = requests.some((r) => SEND_METHODS.has(r.method));
  const timeoutMs = options.timeoutMs ?? (sends ? SEND_TIMEOUT_MS : READ_TIMEOUT_MS);
  const answered = new Map<number, RpcAnswer>();
  let remaining = requests;
  let failure: unknown;
  try {
    await withFailover(
      pool,
      async (url, checked) => {
        const answers = await exchange(url, remaining, fetchImpl, timeoutMs);
        // A read may go out beside the node's first check: nothing is kept before it passed.
        await checked;
        const again: RpcRequest[] = [];
        let limited: RpcAnswer | undefined;
        let refused: string | undefined;
        for (const request of remaining) {
          const answer = answers.get(request.id);
          const problem =
            answer !== undefined && !answer.error
              ? options.accept?.get(request.id)?.(answer.result)
              : undefined;
          if (problem !== undefined) {
            again.push(request);
            // eslint-disable-next-line lingui/no-unlocalized-strings -- a NodeFailure's diagnostic
            refused ??= `answered ${request.method} wrongly: it ${problem}`;
          } else if (answer !== undefined && !isRateLimited(answer))
            answered.set(request.id, answer);
          else {
            again.push(request);
            limited ??= answer;
          }
        }
        remaining = again;
        const first = again[0];
        if (first !== undefined) {
          const why =
            refused ??
            (limited
              ? // eslint-disable-next-line lingui/no-unlocalized-strings -- a NodeFailure's diagnostic
                `rate limited (${String(limited.error?.message)})`
              : `no answer to ${first.method}`);
          throw new NodeFailure(`node ${why}`, url);
        }
      },
      {
        retry: !sends,
        readOnly: !sends,
        sleep: options.sleep,
        ask: (url) => evmNodeFacts(url, fetchImpl, Math.min(timeoutMs, READ_TIMEOUT_MS)),
      },
    );
  } catch (error) {
    failure = error;
  }
  return requests.map((r) => {
    const answer = answered.get(r.id);
    return answer !== undefined ? { answer } : { failure };
  });
}

interface Pending {
  request: RpcRequest;
  accept?: Accept;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class JsonRpcClient {
  readonly pool: NodePool;
  private queue: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;

  /** `nodes`: a NodePool (shared health), or one url / a list of urls (a pool of its own). */
  constructor(
    nodes: NodePool | string | readonly string[],
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
    private readonly options: Omit<TransportOptions, 'fetchImpl'> = {},
  ) {
    this.pool =
      nodes instanceof NodePool ? nodes : new NodePool(typeof nodes === 'string' ? [nodes] : nodes);
  }

  /**
   * Sends one call; it shares an HTTP request with the calls made in the next few ms. With
   * `accept`, a node whose result it refuses is passed over and the next node asked.
   */
  send<T = unknown>(
    method: string,
    params: unknown[] = [],
    options: { accept?: Accept } = {},
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        request: { jsonrpc: '2.0', id: this.nextId++, method, params },
        accept: options.accept,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (this.queue.length >= BATCH_MAX) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), BATCH_STALL_MS);
    });
  }

  private flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue.splice(0, BATCH_MAX);
    if (this.queue.length > 0) this.timer = setTimeout(() => this.flush(), BATCH_STALL_MS);
    if (batch.length > 0) void this.post(batch);
  }

  private async post(batch: Pending[]): Promise<void> {
    const accept = new Map<number, Accept>();
    for (const p of batch) if (p.accept) accept.set(p.request.id, p.accept);
    const outcomes = await sendThroughPool(
      this.pool,
      batch.map((p) => p.request),
      { ...this.options, fetchImpl: this.fetchImpl, accept },
    );
    batch.forEach((call, i) => {
      const outcome = outcomes[i] as RpcOutcome;
      if (!('answer' in outcome)) {
        call.reject(outcome.failure);
        return;
      }
      const { answer } = outcome;
      if (answer.error) {
        const { code, message, data } = answer.error;
        call.reject(
          new RpcError(
            typeof message === 'string' ? message : `${call.request.method} failed`,
            typeof code === 'number' ? code : undefined,
            data,
          ),
        );
      } else call.resolve(answer.result);
    });
  }
}

/** bigint as a JSON-RPC quantity ("0x0", no leading zeros). */
export const toQuantity = (value: bigint | number): string => `0x${value.toString(16)}`;

/** One client per network node pool, shared by every reader of it. */
const clients = new WeakMap<NodePool, JsonRpcClient>();

export function rpcFor(network: Parameters<typeof nodesFor>[0]): JsonRpcClient {
  const { pool } = nodesFor(network);
  let client = clients.get(pool);
  if (client === undefined) {
    client = new JsonRpcClient(pool);
    clients.set(pool, client);
  }
  return client;
}
