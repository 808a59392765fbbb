import type {
  AddLiquidityRequest,
  LiquidityPair,
  RemoveLiquidityRequest,
  UserPosition,
} from '@jmswap/shared-chain/liquidity';
import type { LiquidityApi } from '../liquidityApi';

export interface FakePool {
  symbolA: string;
  symbolB: string;
  reserveA: bigint;
  reserveB: bigint;
  totalSupply: bigint;
}

/** An in-memory chain for the panel's tests: pools, balances, positions, and the sends made. */
export function fakeLiquidityApi(options: {
  pools: FakePool[];
  balances: Record<string, bigint>;
  positions?: UserPosition[];
  energy?: bigint;
  /** EVM: what gasReserve answers (absent: the method is not offered). */
  gasReserve?: bigint;
  fail?: unknown;
  /** A slow chain: the send waits for this after the id, before its receipt. */
  chainOpen?: Promise<void>;
  /** Mined and failed (thrown after the id). */
  minedFail?: unknown;
  /** What the receipt says moved, and the fee. */
  mined?: { amountA?: bigint; amountB?: bigint; lpTokens?: bigint; fee?: bigint };
}) {
  const adds: AddLiquidityRequest[] = [];
  const removes: RemoveLiquidityRequest[] = [];
  let positionReads = 0;
  // A slow or silent node: 'hang' never answers, 'none' answers undefined (what a reader answers
  // when no node does).
  const node: { balances: 'ok' | 'hang' | 'none'; energy: 'ok' | 'hang'; pair: 'ok' | 'none' } = {
    balances: 'ok',
    energy: 'ok',
    pair: 'ok',
  };
  const api: LiquidityApi = {
    async positions() {
      positionReads += 1;
      return options.positions ?? [];
    },
    async pair(_n, a, b): Promise<LiquidityPair | undefined> {
      if (node.pair === 'none') return undefined;
      const p = options.pools.find(
        (x) => (x.symbolA === a && x.symbolB === b) || (x.symbolA === b && x.symbolB === a),
      );
      if (!p)
        return { symbolA: a, symbolB: b, reserveA: 0n, reserveB: 0n, totalSupply: 0n, kLast: 0n };
      const straight = p.symbolA === a;
      return {
        symbolA: a,
        symbolB: b,
        pair: `pair-${p.symbolA}-${p.symbolB}`,
        reserveA: straight ? p.reserveA : p.reserveB,
        reserveB: straight ? p.reserveB : p.reserveA,
        totalSupply: p.totalSupply,
        kLast: 0n,
      };
    },
    async balances(_n, _o, symbols) {
      if (node.balances === 'hang') return new Promise<never>(() => {});
      if (node.balances === 'none') return undefined;
      return Object.fromEntries(symbols.map((s) => [s, options.balances[s] ?? 0n]));
    },
    async energy() {
      if (node.energy === 'hang') return new Promise<never>(() => {});
      return options.energy;
    },
    ...(options.gasReserve !== undefined ? { gasReserve: async () => options.gasReserve } : {}),
    async add(request) {
      adds.push(request);
      if (options.fail) throw options.fail;
      request.onSubmitted?.('0xadd');
      await options.chainOpen;
      if (options.minedFail) throw options.minedFail;
      return { txid: '0xadd', ...options.mined };
    },
    async remove(request) {
      removes.push(request);
      if (options.fail) throw options.fail;
      request.onSubmitted?.('0xremove');
      await options.chainOpen;
      if (options.minedFail) throw options.minedFail;
      return { txid: '0xremove', ...options.mined };
    },
  };
  return { api, adds, removes, node, positionReads: () => positionReads };
}
