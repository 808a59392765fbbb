/** A JSON-RPC error from the node (code and message kept for the range-shrinking rule). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

let nextId = 1;

/**
 * fetch, retried twice on a network failure (a node closing an idle keep-alive connection just
 * as it is reused answers ECONNRESET). Every request the api makes is a read: safe to repeat.
 */
export async function fetchRetry(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (e) {
      const aborted = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      if (aborted || attempt >= 2) throw e;
      await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
    }
  }
}

/** Minimal JSON-RPC over fetch; batch() sends many calls in one request. */
export class JsonRpc {
  private readonly closed = new AbortController();
  constructor(
    readonly url: string,
    private readonly timeoutMs = 15000,
  ) {}

  /** Aborts every request in flight and every later one (the indexer stopping). */
  close(): void {
    this.closed.abort(new Error('node client closed'));
  }

  private async post(body: unknown): Promise<unknown> {
    const res = await fetchRetry(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.closed.signal]),
    });
    if (!res.ok) throw new RpcError(res.status, `HTTP ${res.status} from ${this.url}`);
    return res.json();
  }

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const r = (await this.post({ jsonrpc: '2.0', id: nextId++, method, params })) as {
      result?: T;
      error?: { code: number; message: string };
    };
    if (r.error) throw new RpcError(r.error.code, r.error.message);
    return r.result as T;
  }

  async batch<T>(calls: Array<[string, unknown[]]>): Promise<T[]> {
    if (calls.length === 0) return [];
    const first = nextId;
    nextId += calls.length;
    const out = (await this.post(
      calls.map(([method, params], i) => ({ jsonrpc: '2.0', id: first + i, method, params })),
    )) as Array<{ id: number; result?: T; error?: { code: number; message: string } }>;
    if (!Array.isArray(out)) throw new RpcError(-1, 'batch answered with a non-array');
    const byId = new Map(out.map((r) => [r.id, r]));
    return calls.map((_, i) => {
      const r = byId.get(first + i);
      if (!r) throw new RpcError(-1, 'batch answer missing an item');
      if (r.error) throw new RpcError(r.error.code, r.error.message);
      return r.result as T;
    });
  }
}

/** Node errors that mean "ask for a smaller block range". */
export function isRangeError(e: unknown): boolean {
  if (!(e instanceof RpcError)) return false;
  return (
    e.code === -32005 ||
    /range|too many|limit exceeded|response size|exceed|10000 results|too large/i.test(e.message)
  );
}
