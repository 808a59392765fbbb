import { Contract, Interface, getAddress } from 'ethers';
import { BehaviorSubject } from 'rxjs';
import type { NetworkConfig } from '../../config/types';
import {
  BALANCE_CACHE_MS,
  PAIR_BALANCE_FIRST_PAGE,
  PAIR_BALANCE_LAST_PAGE,
  PAIR_BALANCE_PAGE_SIZE,
  USER_LIQUIDITY_PAGE_SIZE,
} from '../../core/constants';
import { userShareBps } from '../../core/liquidity';
import type { PoolReserves } from '../../core/paths';
import { ROUTER_ABI, SWAP_INFO_ABI, TOKEN_ABI } from '../abis.generated';
import type { ChainReader, ReadStatus, UserPosition } from '../types';
import {
  addressOf,
  isBaseSymbol,
  logReadError,
  providerFor,
  taxesFor,
  type CountingProvider,
} from './common';

/** A pool's reserves plus its pair (liquidity token) address. */
export interface PairReserves extends PoolReserves {
  pair: string;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

const tokenInterface = new Interface(TOKEN_ABI);

/** Reads of one EVM network (ethers v6, batched JSON-RPC). */
export class EvmReader implements ChainReader {
  readonly network: NetworkConfig;
  readonly status$ = new BehaviorSubject<ReadStatus>('ok');
  readonly provider: CountingProvider;
  private readonly info: Contract;
  private readonly router: Contract;
  private reservesCache: Cached<PairReserves[] | undefined> | undefined;
  private readonly balanceCache = new Map<string, Cached<bigint | undefined>>();
  /** Lowercased token address -> configured symbol (the wrapped base maps to the base coin). */
  private readonly symbolByAddress = new Map<string, string>();

  constructor(
    network: NetworkConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.network = network;
    this.provider = providerFor(network);
    this.info = new Contract(network.exchange.SWAP_API, SWAP_INFO_ABI, this.provider);
    this.router = new Contract(network.exchange.ROUTER_ADDRESS, ROUTER_ABI, this.provider);
    for (const token of Object.values(network.tokens)) {
      if (token.address !== '') this.symbolByAddress.set(token.address.toLowerCase(), token.symbol);
    }
  }

  /** Runs a read: logs and yields undefined on failure, and keeps status$ current. */
  private async read<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
    try {
      const value = await run();
      if (this.status$.getValue() !== 'ok') this.status$.next('ok');
      return value;
    } catch (error) {
      logReadError(this.network, what, error);
      if (this.status$.getValue() !== 'unreachable') this.status$.next('unreachable');
      return undefined;
    }
  }

  private symbolFor(address: string, chainSymbol: string): string {
    const known = this.symbolByAddress.get(address.toLowerCase());
    if (known !== undefined) return known;
    // A wrapped base symbol (W + base) is the base coin.
    if (chainSymbol === `W${this.network.baseToken}`) return this.network.baseToken;
    return chainSymbol;
  }

  pairReserves(): Promise<PairReserves[] | undefined> {
    const cached = this.reservesCache;
    if (cached !== undefined && this.now() - cached.at < BALANCE_CACHE_MS) return cached.value;
    const value = this.read('pair reserves', async () => {
      const pages: number[] = [];
      for (let p = PAIR_BALANCE_FIRST_PAGE; p <= PAIR_BALANCE_LAST_PAGE; p += 1) pages.push(p);
      // All pages at once: one batched HTTP request.
      const results = await Promise.all(
        pages.map((page) =>
          this.info.getFunction('getAllPairsBalances')(PAIR_BALANCE_PAGE_SIZE, page),
        ),
      );
      const pools: PairReserves[] = [];
      for (const r of results) {
        const [pairs, tokensA, tokensB, symbolsA, symbolsB, balancesA, balancesB] =
          r as unknown as [string[], string[], string[], string[], string[], bigint[], bigint[]];
        pairs.forEach((pair, i) => {
          pools.push({
            pair: getAddress(pair),
            symbolA: this.symbolFor(tokensA[i] as string, symbolsA[i] as string),
            symbolB: this.symbolFor(tokensB[i] as string, symbolsB[i] as string),
            reserveA: balancesA[i] as bigint,
            reserveB: balancesB[i] as bigint,
          });
        });
      }
      return pools;
    });
    const entry: Cached<PairReserves[] | undefined> = { at: this.now(), value };
    this.reservesCache = entry;
    // A failed read is not cached.
    void value.then((v) => {
      if (v === undefined && this.reservesCache === entry) this.reservesCache = undefined;
    });
    return value;
  }

  private balanceOf(owner: string, symbol: string): Promise<bigint | undefined> {
    const key = `${owner.toLowerCase()}:${symbol}`;
    const cached = this.balanceCache.get(key);
    if (cached !== undefined && this.now() - cached.at < BALANCE_CACHE_MS) return cached.value;
    const value = this.read(`balance of ${symbol}`, async () => {
      if (isBaseSymbol(this.network, symbol)) return this.provider.getBalance(owner);
      const data = tokenInterface.encodeFunctionData('balanceOf', [owner]);
      const raw = await this.provider.call({ to: addressOf(this.network, symbol), data });
      return tokenInterface.decodeFunctionResult('balanceOf', raw)[0] as bigint;
    });
    const entry = { at: this.now(), value };
    this.balanceCache.set(key, entry);
    void value.then((v) => {
      if (v === undefined && this.balanceCache.get(key) === entry) this.balanceCache.delete(key);
    });
    return value;
  }

  async balances(
    owner: string,
    symbols: readonly string[],
  ): Promise<Record<string, bigint> | undefined> {
    const values = await Promise.all(symbols.map((s) => this.balanceOf(owner, s)));
    const out: Record<string, bigint> = {};
    for (let i = 0; i < symbols.length; i += 1) {
      const v = values[i];
      if (v === undefined) return undefined;
      out[symbols[i] as string] = v;
    }
    return out;
  }

  allowance(symbolOrAddress: string, owner: string, spender: string): Promise<bigint | undefined> {
    return this.read(`allowance of ${symbolOrAddress}`, async () => {
      if (!symbolOrAddress.startsWith('0x') && isBaseSymbol(this.network, symbolOrAddress)) {
        return 2n ** 256n - 1n;
      }
      const data = tokenInterface.encodeFunctionData('allowance', [owner, spender]);
      const raw = await this.provider.call({ to: addressOf(this.network, symbolOrAddress), data });
      return tokenInterface.decodeFunctionResult('allowance', raw)[0] as bigint;
    });
  }

  userPositions(owner: string): Promise<UserPosition[] | undefined> {
    return this.read('user positions', async () => {
      const positions: UserPosition[] = [];
      for (let page = 1; ; page += 1) {
        const r = (await this.info.getFunction('getUserLP')(
          owner,
          USER_LIQUIDITY_PAGE_SIZE,
          page,
        )) as unknown as [string[], string[], string[], bigint[], bigint[], bigint[], bigint[]];
        const [pairs, symbolsA, symbolsB, total, user, valueA, valueB] = r;
        pairs.forEach((pair, i) => {
          const totalLiquidity = total[i] as bigint;
          const userLiquidity = user[i] as bigint;
          positions.push({
            pair: getAddress(pair),
            symbolA: this.pairSymbol(symbolsA[i] as string),
            symbolB: this.pairSymbol(symbolsB[i] as string),
            valueA: valueA[i] as bigint,
            valueB: valueB[i] as bigint,
            totalLiquidity,
            userLiquidity,
            userShareBps: userShareBps(userLiquidity, totalLiquidity),
          });
        });
        if (pairs.length < USER_LIQUIDITY_PAGE_SIZE) break;
      }
      return positions;
    });
  }

  private pairSymbol(chainSymbol: string): string {
    return chainSymbol === `W${this.network.baseToken}` ? this.network.baseToken : chainSymbol;
  }

  routerQuote(
    kind: 'exactIn' | 'exactOut',
    amount: bigint,
    path: readonly string[],
  ): Promise<bigint[] | undefined> {
    return this.read('router quote', async () => {
      const addresses = path.map((s) => addressOf(this.network, s));
      const taxes = taxesFor(this.network, path);
      const fn = kind === 'exactIn' ? 'getAmountsOutTaxed' : 'getAmountsInTaxed';
      const amounts = (await this.router.getFunction(fn)(
        amount,
        addresses,
        taxes,
      )) as unknown as bigint[];
      return [...amounts];
    });
  }

  reset(): void {
    this.reservesCache = undefined;
    this.balanceCache.clear();
  }
}
