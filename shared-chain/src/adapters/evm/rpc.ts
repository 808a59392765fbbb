/**
 * A JSON-RPC client over fetch for the EVM reads (no ethers in the first load). Calls made within
 * a few milliseconds go out as one batch (one HTTP request), as ethers' JsonRpcProvider batched
 * them before; every HTTP request is counted per node url (requestCount).
 */
import { countRequest } from './helpers';

/** How long a call waits for others to share its HTTP request, and the most calls per request. */
const BATCH_STALL_MS = 5;
const BATCH_MAX = 100;

interface Pending {
  id: number;
  method: string;
  params: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface RpcAnswer {
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

export class JsonRpcClient {
  private queue: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;

  constructor(
    readonly url: string,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** Sends one call; it shares an HTTP request with the calls made in the next few ms. */
  send<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        method,
        params,
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
    const payload = batch.map(({ id, method, params }) => ({ jsonrpc: '2.0', id, method, params }));
    countRequest(this.url);
    let answers: RpcAnswer[];
    try {
      const res = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A lone call goes out unwrapped, as ethers sent it.
        body: JSON.stringify(payload.length === 1 ? payload[0] : payload),
      });
      if (!res.ok) throw new Error(`node answered HTTP ${res.status} ${res.statusText}`.trim());
      const body = (await res.json()) as RpcAnswer | RpcAnswer[];
      answers = Array.isArray(body) ? body : [body];
    } catch (error) {
      for (const call of batch) call.reject(error);
      return;
    }
    const byId = new Map(answers.map((a) => [a.id, a]));
    for (const call of batch) {
      // A node that answers a lone call without its id still answered that call.
      const answer = byId.get(call.id) ?? (batch.length === 1 ? answers[0] : undefined);
      if (answer === undefined) call.reject(new Error(`no answer to ${call.method}`));
      else if (answer.error) {
        const { code, message, data } = answer.error;
        call.reject(
          new RpcError(
            typeof message === 'string' ? message : `${call.method} failed`,
            typeof code === 'number' ? code : undefined,
            data,
          ),
        );
      } else call.resolve(answer.result);
    }
  }
}

/** bigint as a JSON-RPC quantity ("0x0", no leading zeros). */
export const toQuantity = (value: bigint | number): string => `0x${value.toString(16)}`;

/** One client per node url, shared by every reader of it. */
const clients = new Map<string, JsonRpcClient>();

export function rpcFor(url: string): JsonRpcClient {
  let client = clients.get(url);
  if (client === undefined) {
    client = new JsonRpcClient(url);
    clients.set(url, client);
  }
  return client;
}
