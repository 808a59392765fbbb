import { Contract, Interface, getAddress } from 'ethers';
import { BehaviorSubject } from 'rxjs';
import type { NetworkConfig } from '../../config/types';
import {
  BALANCE_CACHE_MS,
  defaultDeadline,
  PAIR_BALANCE_FIRST_PAGE,
  PAIR_BALANCE_LAST_PAGE,
  PAIR_BALANCE_PAGE_SIZE,
  USER_LIQUIDITY_PAGE_SIZE,
} from '../../core/constants';
import { userShareBps } from '../../core/liquidity';
import type { PoolReserves } from '../../core/paths';
import { FACTORY_ABI, PAIR_ABI, ROUTER_ABI, SWAP_INFO_ABI, TOKEN_ABI } from '../abis.generated';
import { TrustedPairs, type ListedPair } from '../trustedPairs';
import type { ChainReader, PairChainState, ReadStatus, UserPosition } from '../types';
import {
  addressOf,
  gasLimitFor,
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
const routerInterface = new Interface(ROUTER_ABI);

/** Reads of one EVM network (ethers v6, batched JSON-RPC). */
export class EvmReader implements ChainReader {
  readonly network: NetworkConfig;
  readonly status$ = new BehaviorSubject<ReadStatus>('ok');
  readonly provider: CountingProvider;
  private readonly info: Contract;
  private readonly router: Contract;
  private reservesCache: Cached<PairReserves[] | undefined> | undefined;
  private readonly balanceCache = new Map<string, Cached<bigint | undefined>>();
  /** Pools known by address: configured tokens, the factory's own pair (see trustedPairs). */
  private readonly trusted: TrustedPairs;

  constructor(
    network: NetworkConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.network = network;
    this.provider = providerFor(network);
    this.info = new Contract(network.exchange.SWAP_API, SWAP_INFO_ABI, this.provider);
    this.router = new Contract(network.exchange.ROUTER_ADDRESS, ROUTER_ABI, this.provider);
    const factory = new Contract(network.exchange.FACTORY_ADDRESS, FACTORY_ABI, this.provider);
    this.trusted = new TrustedPairs(network, {
      canonical: (address) => getAddress(address),
      getPair: async (a, b) => {
        const pair = (await factory.getFunction('getPair')(a, b)) as string;
        return BigInt(pair) === 0n ? undefined : pair;
      },
      readPair: async (pair) => {
        const c = new Contract(pair, PAIR_ABI, this.provider);
        const [token0, token1, reserves] = await Promise.all([
          c.getFunction('token0')() as Promise<string>,
          c.getFunction('token1')() as Promise<string>,
          c.getFunction('getReserves')() as Promise<[bigint, bigint, bigint]>,
        ]);
        return { pair, token0, token1, reserve0: reserves[0], reserve1: reserves[1] };
      },
    });
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
      const listed: ListedPair[] = [];
      for (const r of results) {
        const [pairs, tokensA, tokensB, , , balancesA, balancesB] = r as unknown as [
          string[],
          string[],
          string[],
          string[],
          string[],
          bigint[],
          bigint[],
        ];
        pairs.forEach((pair, i) => {
          listed.push({
            pair,
            token0: tokensA[i] as string,
            token1: tokensB[i] as string,
            reserve0: balancesA[i] as bigint,
            reserve1: balancesB[i] as bigint,
          });
        });
      }
      return this.trusted.pools(listed);
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
      // Positions only in pools that passed the address check, named by the config.
      if ((await this.pairReserves()) === undefined) throw new Error('pools unreadable');
      const positions: UserPosition[] = [];
      for (let page = 1; ; page += 1) {
        const r = (await this.info.getFunction('getUserLP')(
          owner,
          USER_LIQUIDITY_PAGE_SIZE,
          page,
        )) as unknown as [string[], string[], string[], bigint[], bigint[], bigint[], bigint[]];
        const [pairs, , , total, user, valueA, valueB] = r;
        pairs.forEach((pair, i) => {
          const totalLiquidity = total[i] as bigint;
          const userLiquidity = user[i] as bigint;
          const symbols = this.trusted.symbolsOf(pair);
          if (!symbols) return;
          positions.push({
            pair: getAddress(pair),
            symbolA: symbols.symbol0,
            symbolB: symbols.symbol1,
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

  pairState(pair: string): Promise<PairChainState | undefined> {
    return this.read('pair state', async () => {
      const c = new Contract(pair, PAIR_ABI, this.provider);
      // Four calls in one batched request.
      const [token0, reserves, totalSupply, kLast] = await Promise.all([
        c.getFunction('token0')() as Promise<string>,
        c.getFunction('getReserves')() as Promise<[bigint, bigint, bigint]>,
        c.getFunction('totalSupply')() as Promise<bigint>,
        c.getFunction('kLast')() as Promise<bigint>,
      ]);
      return {
        token0: getAddress(token0),
        reserve0: reserves[0],
        reserve1: reserves[1],
        totalSupply,
        kLast,
      };
    });
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

  /**
   * The most a base-coin swap of `amountIn` along `path` can cost: the writer's gas limit for it
   * times the gas price (the network's fixed one, or the node's). Undefined when the node cannot
   * estimate it (MAX then falls back to a fixed reserve); not a read failure of the network.
   */
  async swapGasCost(
    owner: string,
    path: readonly string[],
    amountIn: bigint,
  ): Promise<bigint | undefined> {
    try {
      const addresses = path.map((s) => addressOf(this.network, s));
      const deadline = defaultDeadline(this.now());
      const data = routerInterface.encodeFunctionData('swapExactBaseForTokens', [
        0n,
        addresses,
        taxesFor(this.network, path),
        owner,
        deadline,
      ]);
      const [gas, price] = await Promise.all([
        this.provider.estimateGas({
          from: owner,
          to: this.network.exchange.ROUTER_ADDRESS,
          data,
          value: amountIn,
        }),
        this.network.gasPrice
          ? Promise.resolve(BigInt(this.network.gasPrice))
          : this.provider.getFeeData().then((fee) => fee.gasPrice ?? 0n),
      ]);
      return gasLimitFor(gas) * price;
    } catch (error) {
      console.warn(`[shared-chain] ${this.network.id}: swap gas estimate failed`, error);
      return undefined;
    }
  }

  reset(): void {
    this.reservesCache = undefined;
    this.balanceCache.clear();
  }
}
