/**
 * TRON reads without a wallet: a TronWeb on the network's node with no private key, whose default
 * address (the `owner_address` of constant calls) is picked at random from a few read-only
 * addresses. Every read logs and swallows its errors, yields undefined and sets status$ to
 * "unreachable"; a successful read sets it back to "ok".
 */
import { BehaviorSubject } from 'rxjs';
import { TronWeb } from 'tronweb';
import type {
  ChainReader,
  PairChainState,
  ReadStatus,
  TronResources,
  UserPosition,
} from '../types';
import type { NetworkConfig } from '../../config/types';
import {
  BALANCE_CACHE_MS,
  MAX_APPROVAL,
  PAIR_BALANCE_FIRST_PAGE,
  PAIR_BALANCE_LAST_PAGE,
  PAIR_BALANCE_PAGE_SIZE,
  USER_LIQUIDITY_PAGE_SIZE,
} from '../../core/constants';
import { userShareBps } from '../../core/liquidity';
import type { PoolReserves } from '../../core/paths';
import { FACTORY_ABI, PAIR_ABI, ROUTER_ABI, SWAP_INFO_ABI, TOKEN_ABI } from '../abis.generated';
import { TrustedPairs, type ListedPair } from '../trustedPairs';
import {
  addressOf,
  bigintArray,
  contractAt,
  isBaseSymbol,
  isTronAddress,
  method,
  taxesBytes32,
  toBase58,
  toBigInt,
  uint,
} from './contracts';
import type { TronWebLike } from './tronweb-like';

/** The TRON zero address (410000...00): a valid sender for constant calls on any node. */
export const TRON_ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
/** Pair reserves are cached this long (the spec: at most every 5 s per network). */
export const PAIR_CACHE_MS = 5_000;
/** Most user-position pages read (7 positions each). */
const MAX_USER_PAGES = 10;

export interface TronReaderOptions {
  /** Use this TronWeb (tests); otherwise one is made on network.nodeUrl. */
  tronWeb?: TronWebLike;
  /** Read-only sender addresses to rotate; defaults to the network's owner address and the zero address. */
  readAddresses?: readonly string[];
  now?: () => number;
}

/** A pool's reserves plus its pair (liquidity token) address, base58 (as the EVM reader gives `pair`). */
export interface TronPairReserves extends PoolReserves {
  pair: string;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/** Read-only sender addresses for constant calls (a small list, one picked at random). */
export function readOnlyAddresses(network: NetworkConfig): string[] {
  const list = [network.api.ownerAddress, TRON_ZERO_ADDRESS].filter(
    (address) => address !== '' && isTronAddress(address),
  );
  return [...new Set(list)];
}

export class TronReader implements ChainReader {
  readonly status$ = new BehaviorSubject<ReadStatus>('ok');
  readonly tronWeb: TronWebLike;
  private readonly readAddresses: readonly string[];
  private readonly now: () => number;
  private pairs: Cached<TronPairReserves[]> | undefined;
  private readonly balanceCache = new Map<string, Cached<bigint>>();
  /** Pools known by address: configured tokens, the factory's own pair (see trustedPairs). */
  private readonly trusted: TrustedPairs;

  constructor(
    readonly network: NetworkConfig,
    options: TronReaderOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.readAddresses = options.readAddresses ?? readOnlyAddresses(network);
    this.tronWeb =
      options.tronWeb ?? (new TronWeb({ fullHost: network.nodeUrl }) as unknown as TronWebLike);
    this.rotateSender();
    this.trusted = new TrustedPairs(network, {
      canonical: toBase58,
      getPair: async (a, b) => {
        const factory = contractAt(this.tronWeb, FACTORY_ABI, network.exchange.FACTORY_ADDRESS);
        const pair = String(await method(factory, 'getPair', a, b).call());
        return /^(41|0x)?0{40}$/.test(pair) || pair === TRON_ZERO_ADDRESS ? undefined : pair;
      },
      readPair: async (pair) => {
        const c = contractAt(this.tronWeb, PAIR_ABI, pair);
        const [token0, token1, reserves] = await Promise.all([
          method(c, 'token0').call() as Promise<string>,
          method(c, 'token1').call() as Promise<string>,
          method(c, 'getReserves').call() as Promise<unknown[]>,
        ]);
        return {
          pair,
          token0,
          token1,
          reserve0: toBigInt(reserves[0]),
          reserve1: toBigInt(reserves[1]),
        };
      },
    });
  }

  /** Pick one of the read-only addresses at random as the sender of constant calls. */
  rotateSender(): void {
    const list = this.readAddresses;
    if (list.length === 0) return;
    const address = list[Math.floor(Math.random() * list.length)] as string;
    const tw = this.tronWeb as TronWebLike & { setAddress?(a: string): void };
    tw.setAddress?.(address);
  }

  private async read<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
    try {
      const value = await run();
      if (this.status$.value !== 'ok') this.status$.next('ok');
      return value;
    } catch (error) {
      console.error(`TRON read failed (${what}) on ${this.network.nodeUrl}:`, error);
      if (this.status$.value !== 'unreachable') this.status$.next('unreachable');
      return undefined;
    }
  }

  pairReserves(): Promise<TronPairReserves[] | undefined> {
    if (!this.pairs || this.now() - this.pairs.at >= PAIR_CACHE_MS) {
      this.pairs = { at: this.now(), value: this.loadPairReserves() };
    }
    const entry = this.pairs;
    return this.read('pair reserves', () => entry.value).then((value) => {
      if (value === undefined && this.pairs === entry) this.pairs = undefined;
      return value;
    });
  }

  private async loadPairReserves(): Promise<TronPairReserves[]> {
    const info = contractAt(this.tronWeb, SWAP_INFO_ABI, this.network.exchange.SWAP_API);
    const pages: number[] = [];
    for (let page = PAIR_BALANCE_FIRST_PAGE; page <= PAIR_BALANCE_LAST_PAGE; page += 1)
      pages.push(page);
    const results = await Promise.all(
      pages.map(
        (page) =>
          method(info, 'getAllPairsBalances', PAIR_BALANCE_PAGE_SIZE, page).call() as Promise<
            unknown[]
          >,
      ),
    );
    const listed: ListedPair[] = [];
    for (const result of results) {
      const [pairs, tokensA, tokensB, , , balancesA, balancesB] = result as [
        string[],
        string[],
        string[],
        string[],
        string[],
        unknown[],
        unknown[],
      ];
      tokensA.forEach((tokenA, i) => {
        listed.push({
          pair: pairs[i] as string,
          token0: tokenA,
          token1: tokensB[i] as string,
          reserve0: toBigInt(balancesA[i]),
          reserve1: toBigInt(balancesB[i]),
        });
      });
    }
    return this.trusted.pools(listed);
  }

  async balances(
    owner: string,
    symbols: readonly string[],
  ): Promise<Record<string, bigint> | undefined> {
    const unique = [...new Set(symbols)];
    return this.read('balances', async () => {
      const values = await Promise.all(unique.map((symbol) => this.balanceOf(owner, symbol)));
      const out: Record<string, bigint> = {};
      unique.forEach((symbol, i) => {
        out[symbol] = values[i] as bigint;
      });
      return out;
    });
  }

  private balanceOf(owner: string, symbol: string): Promise<bigint> {
    const key = `${owner}:${symbol}`;
    const entry = this.balanceCache.get(key);
    if (entry && this.now() - entry.at < BALANCE_CACHE_MS) return entry.value;
    const value = isBaseSymbol(this.network, symbol)
      ? this.tronWeb.trx.getUnconfirmedBalance(owner).then((sun) => toBigInt(sun))
      : (
          method(
            contractAt(this.tronWeb, TOKEN_ABI, addressOf(this.network, symbol)),
            'balanceOf',
            owner,
          ).call() as Promise<unknown>
        ).then(toBigInt);
    const fresh = { at: this.now(), value };
    this.balanceCache.set(key, fresh);
    value.catch(() => {
      if (this.balanceCache.get(key) === fresh) this.balanceCache.delete(key);
    });
    return value;
  }

  allowance(symbol: string, owner: string, spender: string): Promise<bigint | undefined> {
    return this.read('allowance', async () => {
      // The base coin needs no approval.
      if (this.network.tokens[symbol] && isBaseSymbol(this.network, symbol)) return MAX_APPROVAL;
      const token = contractAt(this.tronWeb, TOKEN_ABI, addressOf(this.network, symbol));
      return toBigInt(
        await method(token, 'allowance', owner, addressOf(this.network, spender)).call(),
      );
    });
  }

  userPositions(owner: string): Promise<UserPosition[] | undefined> {
    return this.read('user positions', async () => {
      // Positions only in pools that passed the address check, named by the config.
      if ((await this.pairReserves()) === undefined) throw new Error('pools unreadable');
      const info = contractAt(this.tronWeb, SWAP_INFO_ABI, this.network.exchange.SWAP_API);
      const positions: UserPosition[] = [];
      for (let page = 1; page <= MAX_USER_PAGES; page += 1) {
        const result = (await method(
          info,
          'getUserLP',
          owner,
          USER_LIQUIDITY_PAGE_SIZE,
          page,
        ).call()) as unknown[];
        const [pairs, , , totals, users, valuesA, valuesB] = result as [
          string[],
          string[],
          string[],
          unknown[],
          unknown[],
          unknown[],
          unknown[],
        ];
        pairs.forEach((pair, i) => {
          const totalLiquidity = toBigInt(totals[i]);
          const userLiquidity = toBigInt(users[i]);
          const symbols = this.trusted.symbolsOf(toBase58(pair));
          if (!symbols) return;
          positions.push({
            pair: toBase58(pair),
            symbolA: symbols.symbol0,
            symbolB: symbols.symbol1,
            valueA: toBigInt(valuesA[i]),
            valueB: toBigInt(valuesB[i]),
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
      const c = contractAt(this.tronWeb, PAIR_ABI, pair);
      const [token0, reserves, totalSupply, kLast] = await Promise.all([
        method(c, 'token0').call() as Promise<string>,
        method(c, 'getReserves').call() as Promise<unknown[]>,
        method(c, 'totalSupply').call(),
        method(c, 'kLast').call(),
      ]);
      return {
        token0: toBase58(token0),
        reserve0: toBigInt(reserves[0]),
        reserve1: toBigInt(reserves[1]),
        totalSupply: toBigInt(totalSupply),
        kLast: toBigInt(kLast),
      };
    });
  }

  resources(owner: string): Promise<TronResources | undefined> {
    return this.read('resources', async () => {
      const [account, bandwidth] = await Promise.all([
        this.tronWeb.trx.getAccountResources(owner) as Promise<{
          EnergyLimit?: number;
          EnergyUsed?: number;
        }>,
        this.tronWeb.trx.getBandwidth(owner),
      ]);
      // java-tron omits zero fields.
      const energy = toBigInt(account?.EnergyLimit ?? 0) - toBigInt(account?.EnergyUsed ?? 0);
      const net = toBigInt(bandwidth ?? 0);
      return { energy: energy > 0n ? energy : 0n, bandwidth: net > 0n ? net : 0n };
    });
  }

  routerQuote(
    kind: 'exactIn' | 'exactOut',
    amount: bigint,
    path: readonly string[],
  ): Promise<bigint[] | undefined> {
    return this.read('router quote', async () => {
      const router = contractAt(this.tronWeb, ROUTER_ABI, this.network.exchange.ROUTER_ADDRESS);
      const addresses = path.map((symbol) => addressOf(this.network, symbol));
      const taxes = taxesBytes32(this.network, path);
      const name = kind === 'exactIn' ? 'getAmountsOutTaxed' : 'getAmountsInTaxed';
      return bigintArray(await method(router, name, uint(amount), addresses, taxes).call());
    });
  }

  reset(): void {
    this.pairs = undefined;
    this.balanceCache.clear();
    this.rotateSender();
  }
}

export function createTronReader(network: NetworkConfig, options?: TronReaderOptions): TronReader {
  return new TronReader(network, options);
}
