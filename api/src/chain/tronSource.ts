import type { IndexedNetwork } from '../config';
import type { BlockRef, ChainSource } from '../indexer/source';
import { hexToTron, tronToHex } from './address';
import type { DecodedEvent, RawLog } from './events';
import { httpFault, NodeFault, NodePool } from './nodePool';
import { fetchRetry, RpcError } from './rpc';

/** One item of the TronGrid-style event API (`/v1/contracts/{address}/events`). */
export interface TronGridEvent {
  block_number: number;
  block_timestamp: number;
  contract_address: string;
  event_index: number;
  event_name: string;
  result: Record<string, string>;
  transaction_id: string;
}

const hexAddr = (v: string | undefined) => {
  const s = (v ?? '').toLowerCase();
  if (/^0x[0-9a-f]{40}$/.test(s)) return s;
  if (/^41[0-9a-f]{40}$/.test(s)) return '0x' + s.slice(2);
  return tronToHex(v ?? '') ?? s;
};
const big = (v: string | undefined) => BigInt(v ?? '0');

/** A TronGrid event (values already decoded by the node) -> the indexer's decoded event. */
export function decodeTronEvent(e: TronGridEvent): DecodedEvent | null {
  const r = e.result ?? {};
  switch (e.event_name) {
    case 'Swap':
      return {
        kind: 'Swap',
        sender: hexAddr(r.sender),
        to: hexAddr(r.to),
        amount0In: big(r.amount0In),
        amount1In: big(r.amount1In),
        amount0Out: big(r.amount0Out),
        amount1Out: big(r.amount1Out),
      };
    case 'Sync':
      return { kind: 'Sync', reserve0: big(r.reserve0), reserve1: big(r.reserve1) };
    case 'Mint':
      return {
        kind: 'Mint',
        sender: hexAddr(r.sender),
        amount0: big(r.amount0),
        amount1: big(r.amount1),
      };
    case 'Burn':
      return {
        kind: 'Burn',
        sender: hexAddr(r.sender),
        to: hexAddr(r.to),
        amount0: big(r.amount0),
        amount1: big(r.amount1),
      };
    case 'PairCreated':
      return {
        kind: 'PairCreated',
        token0: hexAddr(r.token0),
        token1: hexAddr(r.token1),
        pair: hexAddr(r.pair),
      };
    case 'Approval':
      return {
        kind: 'Approval',
        owner: hexAddr(r.owner),
        spender: hexAddr(r.spender),
        value: big(r.value),
      };
    default:
      return null;
  }
}

export type TronLog = RawLog & { decoded: DecodedEvent };

/** Ranges shorter than this are read block by block. */
const BLOCK_BY_BLOCK = 8;

/**
 * TRON through the node's HTTP API: blocks from /wallet/getblock, events per contract (the
 * factory and every configured pair) from the TronGrid-style event API, confirmed only,
 * 200 a page, fingerprint paging, bounded by the blocks' timestamps.
 */
export class TronSource implements ChainSource {
  readonly pool: NodePool;
  constructor(
    private readonly network: IndexedNetwork,
    timeoutOrPool: number | NodePool = 15000,
  ) {
    this.pool =
      typeof timeoutOrPool === 'number'
        ? new NodePool({
            network: network.id,
            urls: network.nodeUrls ?? [network.nodeUrl],
            timeoutMs: timeoutOrPool,
          })
        : timeoutOrPool;
  }

  /** Aborts every request in flight and every later one (the indexer stopping). */
  close(): void {
    this.pool.close();
  }

  /** One node for every read of the indexer's step (see nodePool.ts). */
  beginStep(): void {
    this.pool.pin();
  }

  endStep(): void {
    this.pool.unpin();
  }

  /** A request to the current node (`path` after its url); the next node when it fails. */
  private send<T>(path: string, init: RequestInit = {}): Promise<T> {
    return this.pool.request(async (url, signal) => {
      const res = await fetchRetry(url.replace(/\/$/, '') + path, { ...init, signal });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw httpFault(res.status);
      }
      const body = (await res.json()) as unknown;
      if (!body || typeof body !== 'object')
        throw new NodeFault('malformed', `${path.split('?')[0]} answered no object`);
      return body as T;
    });
  }

  private get<T>(path: string): Promise<T> {
    return this.send<T>(path);
  }

  private post<T>(path: string, body: unknown): Promise<T> {
    return this.send<T>(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async head(): Promise<number> {
    const b = await this.post<{ block_header?: { raw_data?: { number?: number } } }>(
      '/walletsolidity/getnowblock',
      {},
    );
    const n = b.block_header?.raw_data?.number;
    if (typeof n !== 'number') throw new RpcError(-1, 'getnowblock without a block number');
    return n;
  }

  async block(n: number): Promise<BlockRef | null> {
    const b = await this.post<{
      blockID?: string;
      block_header?: { raw_data?: { number?: number; timestamp?: number; parentHash?: string } };
    }>('/wallet/getblock', { id_or_num: String(n), detail: false });
    if (!b.blockID || b.block_header?.raw_data?.number !== n) return null;
    return {
      number: n,
      hash: b.blockID,
      time: Math.floor((b.block_header.raw_data.timestamp ?? 0) / 1000),
      parentHash: b.block_header.raw_data.parentHash,
    };
  }

  /** One /wallet/getblock per height, 20 at a time (the node has no header-range call). */
  async headers(from: number, to: number): Promise<Array<BlockRef | null>> {
    const out: Array<BlockRef | null> = [];
    for (let start = from; start <= to; start += 20) {
      const heights: number[] = [];
      for (let n = start; n <= Math.min(to, start + 19); n++) heights.push(n);
      out.push(...(await Promise.all(heights.map((n) => this.block(n)))));
    }
    return out;
  }

  private async constant(contract: string, selector: string, parameter = ''): Promise<bigint> {
    const r = await this.post<{ constant_result?: string[]; result?: { result?: boolean } }>(
      '/wallet/triggerconstantcontract',
      {
        owner_address: '410000000000000000000000000000000000000000',
        contract_address: '41' + contract.slice(2),
        function_selector: selector,
        parameter,
      },
    );
    const out = r.constant_result?.[0];
    if (!out) throw new RpcError(-1, `${selector} answered nothing`);
    return BigInt('0x' + out);
  }

  async tokenStats(token: string, burn: string) {
    return {
      burned: await this.constant(token, 'balanceOf(address)', burn.slice(2).padStart(64, '0')),
      totalSupply: await this.constant(token, 'totalSupply()'),
    };
  }

  private contractEvents(address: string, minMs: number, maxMs: number, eventName?: string) {
    const params: Record<string, string> = {
      order_by: 'block_timestamp,asc',
      min_block_timestamp: String(minMs),
      max_block_timestamp: String(maxMs),
    };
    if (eventName) params.event_name = eventName;
    return this.pagedEvents(`/v1/contracts/${address}/events`, params, 10_000);
  }

  /** Every event of one block (all contracts). */
  private blockEvents(n: number) {
    return this.pagedEvents(`/v1/blocks/${n}/events`, {}, 1000);
  }

  /** Confirmed events only, 200 a page, following the fingerprint to the last page. */
  private async pagedEvents(
    path: string,
    params: Record<string, string>,
    maxPages: number,
  ): Promise<TronGridEvent[]> {
    const out: TronGridEvent[] = [];
    let fingerprint: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const q = new URLSearchParams({ only_confirmed: 'true', limit: '200', ...params });
      if (fingerprint) q.set('fingerprint', fingerprint);
      const r = await this.get<{
        success: boolean;
        error?: string;
        data?: TronGridEvent[];
        meta?: { fingerprint?: string };
      }>(`${path}?${q}`);
      if (!r.success) throw new RpcError(-1, `event API: ${r.error ?? 'failed'}`);
      out.push(...(r.data ?? []));
      fingerprint = r.meta?.fingerprint;
      if (!fingerprint) return out;
    }
    throw new RpcError(-1, 'event API: too many pages');
  }

  async logs(from: number, to: number) {
    const [first, last] = await Promise.all([this.block(from), this.block(to)]);
    if (!first || !last) throw new RpcError(-1, `blocks ${from}-${to} not available`);
    const contracts = [this.network.factory, ...this.network.pools.keys()];
    // The configured tokens' Approvals (towards the routers: the handler keeps only those).
    const tokens = this.network.routers.length ? [...this.network.tokens.keys()] : [];
    const watched = new Set([...contracts, ...tokens]);
    const blocks = new Map<number, BlockRef>();
    const logs: TronLog[] = [];
    // Following the head (a few blocks): one call per block. Catching up: one paged call per
    // contract over the range's time window.
    const events: TronGridEvent[] = [];
    if (to - from < BLOCK_BY_BLOCK) {
      for (let n = from; n <= to; n++) events.push(...(await this.blockEvents(n)));
    } else {
      for (const c of contracts)
        events.push(
          ...(await this.contractEvents(hexToTron(c), first.time * 1000, last.time * 1000)),
        );
      for (const t of tokens)
        events.push(
          ...(await this.contractEvents(
            hexToTron(t),
            first.time * 1000,
            last.time * 1000,
            'Approval',
          )),
        );
    }
    for (const e of events) {
      if (e.block_number < from || e.block_number > to) continue;
      const address = hexAddr(e.contract_address);
      if (!watched.has(address)) continue;
      const decoded = decodeTronEvent(e);
      if (!decoded) continue;
      logs.push({
        address,
        topics: [],
        data: '0x',
        blockNumber: e.block_number,
        blockHash: '',
        txHash: e.transaction_id,
        logIndex: e.event_index,
        decoded,
      });
    }
    // Events of one transaction keep their order (event_index); blocks in order.
    logs.sort(
      (a, b) =>
        a.blockNumber - b.blockNumber ||
        (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : 0) ||
        a.logIndex - b.logIndex,
    );
    for (const n of new Set(logs.map((l) => l.blockNumber))) {
      const b = n === from ? first : n === to ? last : await this.block(n);
      if (!b) throw new RpcError(-1, `block ${n} not available`);
      blocks.set(n, b);
    }
    for (const l of logs) l.blockHash = blocks.get(l.blockNumber)!.hash;
    blocks.set(to, last);
    return { logs, blocks, txFrom: new Map<string, string>() };
  }
}
