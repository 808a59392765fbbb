/**
 * TRON reads without a wallet and without tronweb: the node's HTTP API over fetch
 * (`triggerconstantcontract`, `getaccount`, `getaccountresource`, `getaccountnet`, the requests
 * tronweb makes for the same reads) with the small ABI codec, so a TRON page shows prices before
 * tronweb is loaded (it loads with the first wallet action). The sender (`owner_address`) of
 * constant calls is picked at random from a few read-only addresses. Every read logs and swallows
 * its errors and yields undefined. Requests move to the network's next node when one fails
 * (node.ts); status$ is the node pool's: "unreachable" when every node failed, "ok" once one
 * answers (a revert is an answer).
 */
import type { BehaviorSubject } from 'rxjs';
import { decodeResult, type AbiValue } from '../../abi';
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
  defaultDeadline,
  MAX_APPROVAL,
  PAIR_BALANCE_FIRST_PAGE,
  PAIR_BALANCE_LAST_PAGE,
  PAIR_BALANCE_PAGE_SIZE,
  USER_LIQUIDITY_PAGE_SIZE,
} from '../../core/constants';
import { userShareBps } from '../../core/liquidity';
import type { PoolReserves } from '../../core/paths';
import { TrustedPairs, morePages, pagesUntilShort, type ListedPair } from '../trustedPairs';
import { isTronAddress, toBase58, toEvmHex, toTronHex } from './address';
import { addressOf, isBaseSymbol, sunToNumber, taxesBytes32, toBigInt } from './contracts';
import { TAX_PROBE_RECIPIENT } from '../../core/tax';
import { nodesFor, type NetworkNodes } from '../nodes';
import { sendTimeMs } from '../../core/sendTime';
import { PAIR_STALE_MS, Snapshot, samePools } from '../snapshot';
import { ListingPages, uniquePairs } from '../listingPages';
import { TronNode, view, type FetchLike, type TronNodeOptions, type ViewFunction } from './node';
import { FactoryPools } from '../factoryPools';
import { tronCanonical } from '../../config/addressKeys';
import { TOKEN_GETTERS, decodeTokenProbe, tokenFactsOf, tokenProbeData } from '../tokenReads';
import type { TokenFactsAnswer, TokenProbeReading } from '../types';
import { NoNodeError, NodeFailure } from '../../core/nodePool';

/**
 * Address lists are decoded as their 32-byte words and turned into base58 here: the codec would
 * give each address its EVM checksum (a keccak each, about 150 ms of a phone's main thread for a
 * page of pools at 4x throttle), which base58 then drops.
 */
const ADDRESS_LIST = 'bytes32[]';

/**
 * The view functions read, as the shipped ABIs declare them (abis.generated.ts is too big for the
 * first load). swap-info's token symbols are decoded as bytes: they are not used, and a symbol
 * that is not UTF-8 must not hide every pool.
 */
const FN = {
  getAllPairsBalances: view('getAllPairsBalances(uint256,uint256)', [
    ADDRESS_LIST,
    ADDRESS_LIST,
    ADDRESS_LIST,
    'bytes[]',
    'bytes[]',
    'uint256[]',
    'uint256[]',
  ]),
  getUserLP: view('getUserLP(address,uint256,uint256)', [
    ADDRESS_LIST,
    'bytes[]',
    'bytes[]',
    'uint256[]',
    'uint256[]',
    'uint256[]',
    'uint256[]',
  ]),
  allPairsLength: view('allPairsLength()', ['uint256']),
  getPair: view('getPair(address,address)', ['address']),
  token0: view('token0()', ['address']),
  token1: view('token1()', ['address']),
  getReserves: view('getReserves()', ['uint112', 'uint112', 'uint32']),
  totalSupply: view('totalSupply()', ['uint256']),
  kLast: view('kLast()', ['uint256']),
  balanceOf: view('balanceOf(address)', ['uint256']),
  allowance: view('allowance(address,address)', ['uint256']),
  getAmountsOutTaxed: view('getAmountsOutTaxed(uint256,address[],bytes32[])', ['uint256[]']),
  getAmountsInTaxed: view('getAmountsInTaxed(uint256,address[],bytes32[])', ['uint256[]']),
  getAmountsOut: view('getAmountsOut(uint256,address[])', ['uint256[]']),
  buy: view('swapExactBaseForTokens(uint256,address[],bytes32[],address,uint256)', ['uint256[]']),
};

/** The TRON zero address (410000...00): a valid sender for constant calls on any node. */
export const TRON_ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
/** Pair reserves are cached this long (the spec: at most every 5 s per network). */
export const PAIR_CACHE_MS = 5_000;

export interface TronReaderOptions {
  /** Use this fetch (tests); otherwise the global one. */
  fetch?: FetchLike;
  /** Read-only sender addresses to rotate; defaults to the network's owner address and the zero address. */
  readAddresses?: readonly string[];
  now?: () => number;
  /** Per node timeout and backoff wait (tests). */
  node?: TronNodeOptions;
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

const asList = (value: AbiValue | undefined): readonly AbiValue[] => value as readonly AbiValue[];
const asBigInts = (value: AbiValue | undefined): bigint[] => asList(value).map(toBigInt);
/** base58 of an ABI word holding an address (ADDRESS_LIST); throws on a word that holds none. */
function addressOfWord(word: AbiValue): string {
  if (typeof word !== 'string' || !/^0x0{24}[0-9a-f]{40}$/.test(word))
    throw new RangeError('ABI address out of range');
  return toBase58(`0x${word.slice(26)}`);
}
const asAddresses = (value: AbiValue | undefined): string[] => asList(value).map(addressOfWord);

/** A getAllPairsBalances page's pairs: pair and token addresses in base58, reserves. */
function listedPairsOf(output: string): ListedPair[] {
  const [pairs, tokensA, tokensB, , , balancesA, balancesB] = decodeResult(
    FN.getAllPairsBalances.outputs,
    output,
  );
  const a = asAddresses(tokensA);
  const b = asAddresses(tokensB);
  const reservesA = asBigInts(balancesA);
  const reservesB = asBigInts(balancesB);
  return asAddresses(pairs).map((pair, i) => ({
    pair,
    token0: a[i] as string,
    token1: b[i] as string,
    reserve0: reservesA[i] as bigint,
    reserve1: reservesB[i] as bigint,
  }));
}

export class TronReader implements ChainReader {
  /** The network's node health, shared with every reader of its nodes (nodes.ts). */
  readonly status$: BehaviorSubject<ReadStatus>;
  private readonly node: TronNode;
  private readonly readAddresses: readonly string[];
  private readonly now: () => number;
  /** The `owner_address` (41-hex) of constant calls. */
  private sender: string | undefined;
  /** The pools' reserves: served while a newer read runs (adapters/snapshot.ts). */
  private readonly pairs: Snapshot<TronPairReserves[]>;
  /** The listing's pages as last read: an unchanged page is not decoded again. */
  private readonly listing = new ListingPages();
  private readonly balanceCache = new Map<string, Cached<bigint>>();
  /** Pools known by address: configured tokens, the factory's own pair (see trustedPairs). */
  private readonly trusted: TrustedPairs;
  /** Pools of tokens beyond the config, asked of the factory (see factoryPools). */
  private readonly factory: FactoryPools;
  private readonly nodes: NetworkNodes;

  constructor(
    readonly network: NetworkConfig,
    options: TronReaderOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.readAddresses = options.readAddresses ?? readOnlyAddresses(network);
    const nodes = nodesFor(network);
    this.nodes = nodes;
    this.status$ = nodes.status$;
    this.node = new TronNode(nodes.pool, options.fetch, options.node);
    this.rotateSender();
    this.pairs = new Snapshot(() => this.read('pair reserves', () => this.loadPairReserves()), {
      now: () => this.now(),
      freshMs: PAIR_CACHE_MS,
      staleMs: PAIR_STALE_MS,
      same: samePools,
    });
    this.trusted = new TrustedPairs(network, {
      canonical: toBase58,
      getPair: async (a, b) => {
        const [pair] = await this.call(network.exchange.FACTORY_ADDRESS, FN.getPair, [
          toEvmHex(a),
          toEvmHex(b),
        ]);
        return BigInt(pair as string) === 0n ? undefined : toBase58(pair as string);
      },
      readPair: (pair) => this.readPair(pair),
    });
    this.factory = new FactoryPools(
      network,
      tronCanonical(isTronAddress, toBase58),
      {
        getPairs: (pairs) =>
          Promise.all(
            pairs.map(async ([a, b]) => {
              const [pair] = await this.call(network.exchange.FACTORY_ADDRESS, FN.getPair, [
                toEvmHex(a),
                toEvmHex(b),
              ]);
              return BigInt(pair as string) === 0n ? undefined : toBase58(pair as string);
            }),
          ),
        readPairs: (pairs) => Promise.all(pairs.map((pair) => this.readPair(pair))),
      },
      () => this.now(),
    );
  }

  private async readPair(pair: string): Promise<ListedPair> {
    const [[token0], [token1], [reserve0, reserve1]] = await Promise.all([
      this.call(pair, FN.token0),
      this.call(pair, FN.token1),
      this.call(pair, FN.getReserves),
    ]);
    return {
      pair: toBase58(pair),
      token0: toBase58(token0 as string),
      token1: toBase58(token1 as string),
      reserve0: toBigInt(reserve0),
      reserve1: toBigInt(reserve1),
    };
  }

  /** Pick one of the read-only addresses at random as the sender of constant calls. */
  rotateSender(): void {
    const list = this.readAddresses;
    if (list.length === 0) return;
    this.sender = toTronHex(list[Math.floor(Math.random() * list.length)] as string);
  }

  private call(contract: string, fn: ViewFunction, args: readonly AbiValue[] = []) {
    return this.node.call(contract, fn, args, this.sender);
  }

  private async read<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      console.error(`TRON read failed (${what}) on ${this.network.id}:`, error);
      return undefined;
    }
  }

  pairReserves(options?: { fresh?: boolean }): Promise<TronPairReserves[] | undefined> {
    return this.pairs.get(options);
  }

  private async loadPairReserves(): Promise<TronPairReserves[]> {
    const pages: number[] = [];
    for (let page = PAIR_BALANCE_FIRST_PAGE; page <= PAIR_BALANCE_LAST_PAGE; page += 1)
      pages.push(page);
    const read = async (size: number, page: number) =>
      this.listing.pairs(
        `${size}|${page}`,
        await this.node.callOutput(
          this.network.exchange.SWAP_API,
          FN.getAllPairsBalances,
          [BigInt(size), BigInt(page)],
          this.sender,
        ),
        listedPairsOf,
      );
    const first = await Promise.all(pages.map((page) => read(PAIR_BALANCE_PAGE_SIZE, page)));
    const results = await morePages(
      first,
      (pairs) => pairs.length,
      async () =>
        Number(toBigInt((await this.call(this.network.exchange.SWAP_API, FN.allPairsLength))[0])),
      read,
    );
    return this.trusted.pools(uniquePairs(results));
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
      ? this.baseBalance(owner)
      : this.call(addressOf(this.network, symbol), FN.balanceOf, [toEvmHex(owner)]).then(
          ([balance]) => toBigInt(balance),
        );
    const fresh = { at: this.now(), value };
    this.balanceCache.set(key, fresh);
    value.catch(() => {
      if (this.balanceCache.get(key) === fresh) this.balanceCache.delete(key);
    });
    return value;
  }

  /** TRX in sun, unconfirmed (the full node's view, as the wallet shows it); no account: 0. */
  private async baseBalance(owner: string): Promise<bigint> {
    const account = await this.node.post<{ balance?: number }>('getaccount', {
      address: toTronHex(owner),
    });
    return toBigInt(account?.balance ?? 0);
  }

  allowance(symbol: string, owner: string, spender: string): Promise<bigint | undefined> {
    return this.read('allowance', async () => {
      // The base coin needs no approval.
      if (this.network.tokens[symbol] && isBaseSymbol(this.network, symbol)) return MAX_APPROVAL;
      const [value] = await this.call(addressOf(this.network, symbol), FN.allowance, [
        toEvmHex(owner),
        toEvmHex(addressOf(this.network, spender)),
      ]);
      return toBigInt(value);
    });
  }

  userPositions(
    owner: string,
    onPositions: (soFar: UserPosition[]) => void = () => undefined,
  ): Promise<UserPosition[] | undefined> {
    return this.read('user positions', async () => {
      // Positions only in pools that passed the address check, named by the config.
      if ((await this.pairReserves()) === undefined) throw new Error('pools unreadable');
      const positions: UserPosition[] = [];
      const add = ([pairList, , , totals, users, valuesA, valuesB]: AbiValue[], large: number) => {
        // The first large page reads the spec's first page again: it replaces it.
        if (large === 1) positions.length = 0;
        const pairs = asAddresses(pairList);
        const total = asBigInts(totals);
        const user = asBigInts(users);
        const a = asBigInts(valuesA);
        const b = asBigInts(valuesB);
        pairs.forEach((pair, i) => {
          const totalLiquidity = total[i] as bigint;
          const userLiquidity = user[i] as bigint;
          const symbols = this.trusted.symbolsOf(pair);
          if (!symbols) return;
          positions.push({
            pair,
            symbolA: symbols.symbol0,
            symbolB: symbols.symbol1,
            valueA: a[i] as bigint,
            valueB: b[i] as bigint,
            totalLiquidity,
            userLiquidity,
            userShareBps: userShareBps(userLiquidity, totalLiquidity),
          });
        });
        onPositions([...positions]);
      };
      // Page 1 alone, then pages of 70 ten at a time (TRON's HTTP API has no batch: ten
      // requests side by side, as the listing's pages); each page is a scan of every pair on
      // the contract's side, so fewer, larger pages cost the node less (trustedPairs).
      await pagesUntilShort(
        (size, page) =>
          this.call(this.network.exchange.SWAP_API, FN.getUserLP, [
            toEvmHex(owner),
            BigInt(size),
            BigInt(page),
          ]),
        ([pairList]) => asList(pairList).length,
        USER_LIQUIDITY_PAGE_SIZE,
        add,
      );
      return positions;
    });
  }

  pairState(pair: string): Promise<PairChainState | undefined> {
    return this.read('pair state', async () => {
      const [[token0], [reserve0, reserve1], [totalSupply], [kLast]] = await Promise.all([
        this.call(pair, FN.token0),
        this.call(pair, FN.getReserves),
        this.call(pair, FN.totalSupply),
        this.call(pair, FN.kLast),
      ]);
      return {
        token0: toBase58(token0 as string),
        reserve0: toBigInt(reserve0),
        reserve1: toBigInt(reserve1),
        totalSupply: toBigInt(totalSupply),
        kLast: toBigInt(kLast),
      };
    });
  }

  resources(owner: string): Promise<TronResources | undefined> {
    return this.read('resources', async () => {
      const address = toTronHex(owner);
      // java-tron omits zero fields.
      type Resource = 'EnergyLimit' | 'EnergyUsed' | 'freeNetLimit' | 'freeNetUsed' | 'NetLimit';
      const [account, net] = await Promise.all([
        this.node.post<Partial<Record<Resource, number>>>('getaccountresource', { address }),
        this.node.post<Partial<Record<Resource | 'NetUsed', number>>>('getaccountnet', {
          address,
        }),
      ]);
      const field = (value: number | undefined) => toBigInt(value ?? 0);
      const energy = field(account?.EnergyLimit) - field(account?.EnergyUsed);
      // Free bandwidth left plus staked bandwidth left (tronweb's getBandwidth).
      const bandwidth =
        field(net?.freeNetLimit) -
        field(net?.freeNetUsed) +
        (field(net?.NetLimit) - field(net?.NetUsed));
      return {
        energy: energy > 0n ? energy : 0n,
        bandwidth: bandwidth > 0n ? bandwidth : 0n,
      };
    });
  }

  routerQuote(
    kind: 'exactIn' | 'exactOut',
    amount: bigint,
    path: readonly string[],
  ): Promise<bigint[] | undefined> {
    return this.read('router quote', async () => {
      const addresses = path.map((symbol) => toEvmHex(addressOf(this.network, symbol)));
      const taxes = taxesBytes32(this.network, path);
      const fn = kind === 'exactIn' ? FN.getAmountsOutTaxed : FN.getAmountsInTaxed;
      const [amounts] = await this.call(this.network.exchange.ROUTER_ADDRESS, fn, [
        amount,
        addresses,
        taxes,
      ]);
      return asBigInts(amounts);
    });
  }

  /**
   * A TRX buy of `amountIn` along `path`, simulated from the WTRX contract (it holds TRX, and
   * triggerconstantcontract takes any owner: no state override exists on TRON), then the last
   * pair's untaxed output for what reached it.
   */
  probeTransferTax(path: readonly string[], amountIn: bigint) {
    return this.read('tax probe', async () => {
      const addresses = path.map((symbol) => toEvmHex(addressOf(this.network, symbol)));
      const router = this.network.exchange.ROUTER_ADDRESS;
      const wtrx = toTronHex(addressOf(this.network, this.network.baseToken));
      const args = [0n, addresses, [], TAX_PROBE_RECIPIENT, this.simulationDeadline()];
      const [bought] = await this.node.call(router, FN.buy, args, wtrx, sunToNumber(amountIn));
      const amounts = asBigInts(bought);
      const n = amounts.length;
      const hop = [amounts[n - 2] as bigint, addresses.slice(-2)];
      const [out] = await this.call(router, FN.getAmountsOut, hop);
      return { sent: asBigInts(out)[1] as bigint, received: amounts[n - 1] as bigint };
    });
  }

  tokenFacts(address: string): Promise<TokenFactsAnswer | undefined> {
    return this.read('token facts', async () => {
      const contract = await this.node.post<{ bytecode?: string }>('getcontract', {
        value: toTronHex(address),
      });
      if (!contract.bytecode) return { kind: 'no-code' as const };
      const get = (signature: string) =>
        this.node.callOutput(address, view(signature, []), [], this.sender).catch((e: unknown) => {
          // Every node failing is not an answer; a revert or an empty output is.
          if (e instanceof NodeFailure || e instanceof NoNodeError) throw e;
          return undefined;
        });
      const [symbol, name, decimals, totalSupply] = await Promise.all([
        get(TOKEN_GETTERS.symbol),
        get(TOKEN_GETTERS.name),
        get(TOKEN_GETTERS.decimals),
        get(TOKEN_GETTERS.totalSupply),
      ]);
      return tokenFactsOf({ symbol, name, decimals, totalSupply });
    });
  }

  /**
   * TokenProbe's creation code run by triggerconstantcontract without a contract address (how
   * java-tron simulates a creation), from the WTRX contract, which holds TRX.
   */
  probeToken(path: readonly string[], amountIn: bigint): Promise<TokenProbeReading | undefined> {
    return this.read('token probe', async () => {
      const addresses = path.map((symbol) => toEvmHex(addressOf(this.network, symbol)));
      const { ROUTER_ADDRESS, FACTORY_ADDRESS } = this.network.exchange;
      const answer = await this.node.post<{
        constant_result?: string[];
        result?: { message?: string };
      }>('triggerconstantcontract', {
        owner_address: toTronHex(addressOf(this.network, this.network.baseToken)),
        data: tokenProbeData(toEvmHex(ROUTER_ADDRESS), toEvmHex(FACTORY_ADDRESS), addresses).slice(
          2,
        ),
        call_value: sunToNumber(amountIn),
      });
      const output = answer.constant_result?.[0];
      if (answer.result?.message || !output) throw new Error('token probe failed');
      return decodeTokenProbe(output);
    });
  }

  factoryPools(
    pairs: readonly (readonly [string, string])[],
    fresh?: boolean,
  ): Promise<TronPairReserves[] | undefined> {
    return this.read('factory pools', () => this.factory.pools(pairs, fresh));
  }

  chainTimeMs(): number | undefined {
    return this.nodes.pool.chainTimeMs();
  }

  /** A simulated send's deadline, from the chain's time where this device's clock is behind. */
  private simulationDeadline(): bigint {
    return defaultDeadline(sendTimeMs(this.now(), this.chainTimeMs()));
  }

  reset(): void {
    this.factory.reset();
    this.pairs.reset();
    this.balanceCache.clear();
    this.rotateSender();
  }
}

export function createTronReader(network: NetworkConfig, options?: TronReaderOptions): TronReader {
  return new TronReader(network, options);
}
