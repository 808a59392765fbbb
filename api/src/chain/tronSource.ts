import { mayTax, type IndexedNetwork } from '../config';
import type { BlockRef, ChainSource, LogsRead, TxParties } from '../indexer/source';
import { hexToTron, tronToHex } from './address';
import { decodeTransfer, type DecodedEvent, type RawLog, type TokenTransfer } from './events';
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

/** The part of /walletsolidity/gettransactionbyid's answer that names who sent it. */
interface TronTransaction {
  raw_data?: { contract?: Array<{ parameter?: { value?: { owner_address?: string } } }> };
}

interface TronBlock {
  blockID?: string;
  block_header?: { raw_data?: { number?: number; timestamp?: number; parentHash?: string } };
}

/** A TRON block's header as the indexer's block reference, or null when it has none. */
function blockRef(b: TronBlock): BlockRef | null {
  const raw = b.block_header?.raw_data;
  if (!b.blockID || typeof raw?.number !== 'number') return null;
  return {
    number: raw.number,
    hash: b.blockID,
    time: Math.floor((raw.timestamp ?? 0) / 1000),
    parentHash: raw.parentHash,
  };
}

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
    // The path without its query and the height or address in it: a bounded metric label.
    const method = path.split('?')[0]!.replace(/\/(\d+|T[1-9A-HJ-NP-Za-km-z]{33})(?=\/|$)/g, '');
    return this.pool.request(async (url, signal) => {
      this.pool.sent(method);
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

  /** The newest solidified block's header (getnowblock, as head()). */
  async latest(): Promise<BlockRef> {
    const b = await this.post<TronBlock>('/walletsolidity/getnowblock', {});
    const ref = blockRef(b);
    if (!ref) throw new NodeFault('malformed', 'getnowblock without a block header');
    return ref;
  }

  async block(n: number): Promise<BlockRef | null> {
    const b = await this.post<TronBlock>('/wallet/getblock', {
      id_or_num: String(n),
      detail: false,
    });
    const ref = blockRef(b);
    return ref?.number === n ? ref : null;
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

  async tokenGetters(token: string) {
    const get = async (selector: string) => {
      const r = await this.post<{ constant_result?: string[]; result?: { message?: string } }>(
        '/wallet/triggerconstantcontract',
        {
          owner_address: '410000000000000000000000000000000000000000',
          contract_address: '41' + token.slice(2),
          function_selector: selector,
          parameter: '',
        },
      );
      const out = r.constant_result?.[0];
      return r.result?.message || !out ? undefined : out;
    };
    const [symbol, name, decimals] = await Promise.all([
      get('symbol()'),
      get('name()'),
      get('decimals()'),
    ]);
    return { symbol, name, decimals };
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

  /**
   * Following the head: each block's events (one paged call per block), the headers known. The
   * blocks are solidified (irreversible): their events cannot be another fork's.
   */
  async blockLogs(headers: BlockRef[]): Promise<LogsRead> {
    const events: TronGridEvent[] = [];
    for (const h of headers) events.push(...(await this.blockEvents(h.number)));
    const byNumber = new Map(headers.map((h) => [h.number, h]));
    const logs = this.watchedLogs(events, headers[0]!.number, headers.at(-1)!.number);
    const blocks = new Map<number, BlockRef>();
    for (const l of logs) {
      const b = byNumber.get(l.blockNumber)!;
      l.blockHash = b.hash;
      blocks.set(b.number, b);
    }
    return { logs, blocks, ...(await this.swapParties(logs)) };
  }

  /**
   * Who took part in each transaction with a Swap. Its sender is the trader: TRON's events tell
   * only the Swap's `to`, which is the next pair of a route, or the router when it pays out TRX.
   * For a Swap that may be taxed, also the transaction's token transfers (from its info's logs):
   * what the wallet itself sent and received. Twenty at a time, confirmed like the events.
   */
  private async swapParties(logs: TronLog[]): Promise<TxParties> {
    const swaps = logs.filter((l) => l.decoded.kind === 'Swap');
    const ids = [...new Set(swaps.map((l) => l.txHash))];
    const taxed = new Set(
      swaps.filter((l) => mayTax(this.network, l.address)).map((l) => l.txHash),
    );
    const txFrom = new Map<string, string>();
    const transfers = new Map<string, TokenTransfer[]>();
    for (let start = 0; start < ids.length; start += 20) {
      await Promise.all(
        ids.slice(start, start + 20).map(async (id) => {
          const [tx, info] = await Promise.all([
            this.post<TronTransaction>('/walletsolidity/gettransactionbyid', { value: id }),
            taxed.has(id)
              ? this.post<{ id?: string; log?: unknown }>(
                  '/walletsolidity/gettransactioninfobyid',
                  {
                    value: id,
                  },
                )
              : undefined,
          ]);
          const owner = hexAddr(tx.raw_data?.contract?.[0]?.parameter?.value?.owner_address);
          // A trade stored under the wrong wallet stays wrong: read it again rather than guess.
          if (!/^0x[0-9a-f]{40}$/.test(owner))
            throw new NodeFault('malformed', `transaction ${id} without its sender`);
          txFrom.set(id, owner);
          if (!info) return;
          if (info.id !== id) throw new NodeFault('malformed', `no info of transaction ${id}`);
          const logs = Array.isArray(info.log) ? (info.log as object[]) : [];
          transfers.set(
            id,
            logs.flatMap((l) => decodeTransfer(l) ?? []),
          );
        }),
      );
    }
    return { txFrom, transfers };
  }

  /** The factory, its pools and (with routers to approve) the configured tokens. */
  private watchedSet(): Set<string> {
    const tokens = this.network.routers.length ? [...this.network.tokens.keys()] : [];
    return new Set([this.network.factory, ...this.network.pools.keys(), ...tokens]);
  }

  /** Pairs the factory creates among these events, not yet watched. */
  private createdPairs(events: TronGridEvent[], watched: Set<string>): string[] {
    return events.flatMap((e) => {
      if (hexAddr(e.contract_address) !== this.network.factory) return [];
      const decoded = decodeTronEvent(e);
      return decoded?.kind === 'PairCreated' && !watched.has(decoded.pair) ? [decoded.pair] : [];
    });
  }

  /** The events of the network's contracts in [from, to], decoded, in chain order. */
  private watchedLogs(
    events: TronGridEvent[],
    from: number,
    to: number,
    watched = this.watchedSet(),
  ): TronLog[] {
    // A pair the factory creates is watched from its creation: its first Mint and Sync are in
    // the same transaction.
    for (const pair of this.createdPairs(events, watched)) watched.add(pair);
    const logs: TronLog[] = [];
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
    return logs.sort(
      (a, b) =>
        a.blockNumber - b.blockNumber ||
        (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : 0) ||
        a.logIndex - b.logIndex,
    );
  }

  async logs(from: number, to: number) {
    const [first, last] = await Promise.all([this.block(from), this.block(to)]);
    if (!first || !last) throw new RpcError(-1, `blocks ${from}-${to} not available`);
    const contracts = [this.network.factory, ...this.network.pools.keys()];
    // The configured tokens' Approvals (towards the routers: the handler keeps only those).
    const tokens = this.network.routers.length ? [...this.network.tokens.keys()] : [];
    const blocks = new Map<number, BlockRef>();
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
    const watched = this.watchedSet();
    if (to - from >= BLOCK_BY_BLOCK)
      // Catching up: a pair the factory creates in the range has its own events read too.
      for (const pair of this.createdPairs(events, watched))
        events.push(
          ...(await this.contractEvents(hexToTron(pair), first.time * 1000, last.time * 1000)),
        );
    const logs = this.watchedLogs(events, from, to, watched);
    for (const n of new Set(logs.map((l) => l.blockNumber))) {
      const b = n === from ? first : n === to ? last : await this.block(n);
      if (!b) throw new RpcError(-1, `block ${n} not available`);
      blocks.set(n, b);
    }
    for (const l of logs) l.blockHash = blocks.get(l.blockNumber)!.hash;
    blocks.set(to, last);
    return { logs, blocks, ...(await this.swapParties(logs)) };
  }
}
