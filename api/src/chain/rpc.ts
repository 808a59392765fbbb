import { RpcError } from './errors';
import { httpFault, NodeFault, NodePool } from './nodePool';

export { RpcError } from './errors';

let nextId = 1;

/** A kept-alive connection the node closed just as it was reused (worth one more try). */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * fetch, retried twice when a connection broke under it (a node closing an idle keep-alive
 * connection just as it is reused answers ECONNRESET). A refused connection or a timeout is
 * not retried here: the node pool moves to the next node. Every request the api makes is a
 * read: safe to repeat.
 */
export async function fetchRetry(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (e) {
      const code = (e as { cause?: { code?: string } } | null)?.cause?.code;
      if (!code || !STALE_CONNECTION.has(code) || attempt >= 2 || init.signal?.aborted) throw e;
      await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
    }
  }
}

type Answer<T> = { id?: unknown; result?: T; error?: { code: number; message: string } };

/** One JSON-RPC answer object: its result, a JSON-RPC error, or a malformed answer. */
function resultOf<T>(r: unknown, check?: (result: unknown) => boolean): T {
  if (!r || typeof r !== 'object' || Array.isArray(r))
    throw new NodeFault('malformed', 'answer is not a JSON-RPC object');
  const a = r as Answer<T>;
  if (a.error) {
    if (typeof a.error.code !== 'number' && typeof a.error.message !== 'string')
      throw new NodeFault('malformed', 'malformed JSON-RPC error');
    throw new RpcError(Number(a.error.code), String(a.error.message));
  }
  if (!('result' in a)) throw new NodeFault('malformed', 'JSON-RPC answer without a result');
  if (check && !check(a.result)) throw new NodeFault('malformed', 'unexpected result shape');
  return a.result as T;
}

/**
 * Minimal JSON-RPC over fetch; batch() sends many calls in one request. Requests go through the
 * network's NodePool: the next node when one fails (see nodePool.ts).
 */
export class JsonRpc {
  readonly pool: NodePool;
  constructor(urlOrPool: string | NodePool, timeoutMs = 15000) {
    this.pool =
      typeof urlOrPool === 'string'
        ? new NodePool({ network: 'node', urls: [urlOrPool], timeoutMs })
        : urlOrPool;
  }

  /** The node requests go to now. */
  get url(): string {
    return this.pool.current().url;
  }

  /** Aborts every request in flight and every later one (the indexer stopping). */
  close(): void {
    this.pool.close();
  }

  private post<T>(body: unknown, parse: (answer: unknown) => T): Promise<T> {
    const calls = Array.isArray(body) ? body : [body];
    return this.pool.request(async (url, signal) => {
      for (const c of calls) this.pool.sent((c as { method: string }).method);
      const res = await fetchRetry(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw httpFault(res.status);
      }
      // A cut or garbled body is a SyntaxError here: a malformed answer (faultOf).
      return parse(await res.json());
    });
  }

  /** One call; `check` validates the result's shape (a node answering nonsense is a fault). */
  async call<T>(
    method: string,
    params: unknown[] = [],
    check?: (result: unknown) => boolean,
  ): Promise<T> {
    return this.post({ jsonrpc: '2.0', id: nextId++, method, params }, (r) =>
      resultOf<T>(r, check),
    );
  }

  async batch<T>(
    calls: Array<[string, unknown[]]>,
    check?: (result: unknown) => boolean,
  ): Promise<T[]> {
    if (calls.length === 0) return [];
    const first = nextId;
    nextId += calls.length;
    return this.post(
      calls.map(([method, params], i) => ({ jsonrpc: '2.0', id: first + i, method, params })),
      (out) => {
        if (!Array.isArray(out))
          throw new NodeFault('malformed', 'batch answered with a non-array');
        const byId = new Map(out.map((r: Answer<T>) => [r?.id, r]));
        return calls.map((_, i) => {
          const r = byId.get(first + i);
          if (!r) throw new NodeFault('malformed', 'batch answer missing an item');
          return resultOf<T>(r, check);
        });
      },
    );
  }
}

/** Node errors that mean "ask for a smaller block range". */
export function isRangeError(e: unknown): boolean {
  if (!(e instanceof RpcError) || e instanceof NodeFault) return false;
  return (
    e.code === -32005 ||
    /range|too many|limit exceeded|response size|exceed|10000 results|too large/i.test(e.message)
  );
}
