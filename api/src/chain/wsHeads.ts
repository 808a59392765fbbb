/**
 * New heads pushed by an EVM node over WebSocket (`eth_subscribe` `newHeads`): no request per
 * block to learn of one. The socket is pinged every 15 s and counted dead when the pong has not
 * come back by the next ping (a connection that died without closing sends nothing, and would
 * look like a quiet chain). Its chain id is asked on the socket before the first head is used.
 */
import WebSocket from 'ws';
import type { BlockRef } from '../indexer/source';
import { nodeLabel } from '../log';
import type { ChainCheck } from './chainCheck';

const PING_MS = 15_000;

interface Header {
  number?: unknown;
  hash?: unknown;
  parentHash?: unknown;
  timestamp?: unknown;
}

const isHex = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v);

/** A newHeads header as the indexer's block reference, or null when it is not one. */
export function headerRef(h: Header | null | undefined): BlockRef | null {
  if (!h || !isHex(h.number) || !isHex(h.hash) || !isHex(h.parentHash) || !isHex(h.timestamp))
    return null;
  return {
    number: Number(h.number),
    hash: h.hash,
    parentHash: h.parentHash,
    time: Number(h.timestamp),
  };
}

export interface WsHeadsOptions {
  url: string;
  /** Each new head, in the order the node sends them. */
  onHead: (head: BlockRef) => void;
  /** The socket is gone (once, after open() resolved): why, in a few words. */
  onClose: (why: string) => void;
  chainCheck?: ChainCheck;
  /** Counts what is sent (eth_chainId, eth_subscribe). */
  sent?: (method: string) => void;
  /** Connecting and each call's answer, ms (default 10 000). */
  timeoutMs?: number;
}

/** One subscription; open() again after it closed is a new object's job. */
export class WsHeads {
  readonly label: string;
  private socket?: WebSocket;
  private closed = false;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    (answer: { result?: unknown; error?: unknown }) => void
  >();

  constructor(private readonly opts: WsHeadsOptions) {
    this.label = nodeLabel(opts.url);
  }

  /** Connects, checks the chain, subscribes. Rejects (and closes) when any of it fails. */
  async open(): Promise<void> {
    const timeoutMs = this.opts.timeoutMs ?? 10_000;
    const socket = new WebSocket(this.opts.url, { handshakeTimeout: timeoutMs });
    this.socket = socket;
    let subscription: string | undefined;
    let reportClose = false;
    let alive = true;
    const ping = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, PING_MS);
    socket.on('pong', () => (alive = true));
    socket.on('message', (data) => {
      let msg: {
        id?: number;
        method?: string;
        params?: { subscription?: string; result?: Header };
        result?: unknown;
        error?: unknown;
      };
      try {
        msg = JSON.parse(String(data)) as typeof msg;
      } catch {
        return;
      }
      if (typeof msg.id === 'number') this.pending.get(msg.id)?.(msg);
      else if (msg.method === 'eth_subscription' && msg.params?.subscription === subscription) {
        const head = headerRef(msg.params?.result);
        if (head) this.opts.onHead(head);
      }
    });
    const gone = new Promise<string>((resolve) => {
      socket.on('close', (code) => resolve(`closed (${code})`));
      socket.on('error', (e) => resolve(e.message));
    });
    void gone.then((why) => {
      clearInterval(ping);
      for (const answer of this.pending.values()) answer({ error: { message: why } });
      this.pending.clear();
      socket.terminate();
      if (reportClose && !this.closed) this.opts.onClose(why);
    });
    try {
      await Promise.race([
        new Promise<void>((resolve) => socket.once('open', () => resolve())),
        gone.then((why) => Promise.reject(new Error(`WebSocket ${this.label}: ${why}`))),
      ]);
      const chainId = await this.call<string>('eth_chainId', []);
      if (!isHex(chainId)) throw new Error(`WebSocket ${this.label}: eth_chainId answered no id`);
      this.opts.chainCheck?.verdict(this.opts.url, this.label, Number(BigInt(chainId)));
      subscription = await this.call<string>('eth_subscribe', ['newHeads']);
      if (typeof subscription !== 'string')
        throw new Error(`WebSocket ${this.label}: eth_subscribe answered no subscription`);
      reportClose = true;
    } catch (e) {
      this.close();
      throw e;
    }
  }

  private call<T>(method: string, params: unknown[]): Promise<T> {
    const socket = this.socket!;
    const id = this.nextId++;
    this.opts.sent?.(method);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`WebSocket ${this.label}: ${method} timed out`));
      }, this.opts.timeoutMs ?? 10_000);
      this.pending.set(id, (answer) => {
        clearTimeout(timer);
        this.pending.delete(id);
        if (answer.error !== undefined)
          reject(
            new Error(
              `WebSocket ${this.label}: ${method}: ${(answer.error as { message?: string }).message ?? 'error'}`,
            ),
          );
        else resolve(answer.result as T);
      });
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  close(): void {
    this.closed = true;
    this.socket?.terminate();
  }
}
