import type { BehaviorSubject } from 'rxjs';
import { decodeResult, encodeCall, getAddress, type AbiValue } from '../../abi';
import type { NetworkConfig } from '../../config/types';
import {
  BALANCE_CACHE_MS,
  defaultDeadline,
  PAIR_BALANCE_FIRST_PAGE,
  PAIR_BALANCE_LAST_PAGE,
  PAIR_BALANCE_PAGE_SIZE,
  USER_LIQUIDITY_PAGE_SIZE,
} from '../../core/constants';
import { FALLBACK_SEND_GAS } from '../../core/feeReserve';
import { TAX_PROBE_RECIPIENT } from '../../core/tax';
import { userShareBps } from '../../core/liquidity';
import { liquidityRouterOf } from '../../core/routers';
import type { PoolReserves } from '../../core/paths';
import { TrustedPairs, morePages, pagesUntilShort, type ListedPair } from '../trustedPairs';
import type {
  ChainReader,
  PairChainState,
  ReadStatus,
  TokenFactsAnswer,
  TokenProbeReading,
  UserPosition,
} from '../types';
import { FactoryPools } from '../factoryPools';
import { evmCanonical } from '../../config/addressKeys';
import { TOKEN_GETTERS, decodeTokenProbe, tokenFactsOf, tokenProbeData } from '../tokenReads';
import { addressOf, gasLimitFor, isBaseSymbol, logReadError, taxesFor } from './helpers';
import { nodesFor, type NetworkNodes } from '../nodes';
import { sendTimeMs } from '../../core/sendTime';
import { PAIR_STALE_MS, Snapshot, samePools } from '../snapshot';
import { ListingPages, uniquePairs } from '../listingPages';
import { RpcError, rpcFor, toQuantity, type JsonRpcClient } from './rpc';

/** A pool's reserves plus its pair (liquidity token) address. */
export interface PairReserves extends PoolReserves {
  pair: string;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/**
 * The swap-info contract's page of pairs: pairs, tokensA, tokensB, symbolsA, symbolsB, balancesA,
 * balancesB. The symbols are decoded as bytes, as on TRON: they are not used (pools are named
 * from the trusted token list), and anyone can list a token whose symbol is not UTF-8, which a
 * string decode refuses, failing the whole page and with it every pool.
 */
const PAIRS_PAGE = [
  'address[]',
  'address[]',
  'address[]',
  'bytes[]',
  'bytes[]',
  'uint256[]',
  'uint256[]',
];
/** A getAllPairsBalances page's pairs (checksummed addresses) with their reserves. */
function listedPairsOf(raw: string): ListedPair[] {
  const [pairs, tokensA, tokensB, , , balancesA, balancesB] = decodeResult(PAIRS_PAGE, raw) as [
    string[],
    string[],
    string[],
    string[],
    string[],
    bigint[],
    bigint[],
  ];
  return pairs.map((pair, i) => ({
    pair,
    token0: tokensA[i] as string,
    token1: tokensB[i] as string,
    reserve0: balancesA[i] as bigint,
    reserve1: balancesB[i] as bigint,
  }));
}

/** getUserLP: pairs, symbolsA, symbolsB (bytes, unused, as in PAIRS_PAGE), totalLiquidity, userLiquidity, valueA, valueB. */
const USER_LP_PAGE = [
  'address[]',
  'bytes[]',
  'bytes[]',
  'uint256[]',
  'uint256[]',
  'uint256[]',
  'uint256[]',
];

/**
 * Reads of one EVM network: view calls over the light JSON-RPC client (batched, no ethers) and
 * the small ABI codec, so every page can read chains before any wallet library loads.
 */
export class EvmReader implements ChainReader {
  readonly network: NetworkConfig;
  /** The network's node health, shared with every reader and provider of its nodes (nodes.ts). */
  readonly status$: BehaviorSubject<ReadStatus>;
  readonly rpc: JsonRpcClient;
  /** The pools' reserves: served while a newer read runs (adapters/snapshot.ts). */
  private readonly reserves: Snapshot<PairReserves[]>;
  /** The listing's pages as last read: an unchanged page is not decoded again. */
  private readonly listing = new ListingPages();
  private readonly balanceCache = new Map<string, Cached<bigint | undefined>>();
  /** Pools known by address: configured tokens, the factory's own pair (see trustedPairs). */
  private readonly trusted: TrustedPairs;
  /** Pools of tokens beyond the config, asked of the factory (see factoryPools). */
  private readonly factory: FactoryPools;
  private readonly nodes: NetworkNodes;

  constructor(
    network: NetworkConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.network = network;
    this.nodes = nodesFor(network);
    this.status$ = this.nodes.status$;
    this.rpc = rpcFor(network);
    this.reserves = new Snapshot(() => this.readPairReserves(), {
      now: () => this.now(),
      freshMs: BALANCE_CACHE_MS,
      staleMs: PAIR_STALE_MS,
      same: samePools,
    });
    this.trusted = new TrustedPairs(network, {
      canonical: (address) => getAddress(address),
      getPair: async (a, b) => {
        const [pair] = await this.call(
          network.exchange.FACTORY_ADDRESS,
          'getPair(address,address)',
          [a, b],
          ['address'],
        );
        return BigInt(pair as string) === 0n ? undefined : (pair as string);
      },
      readPair: (pair) => this.readPair(pair),
    });
    this.factory = new FactoryPools(
      network,
      evmCanonical(getAddress),
      {
        getPairs: (pairs) =>
          Promise.all(
            pairs.map(async ([a, b]) => {
              const [pair] = await this.call(
                network.exchange.FACTORY_ADDRESS,
                'getPair(address,address)',
                [a, b],
                ['address'],
              );
              return BigInt(pair as string) === 0n ? undefined : (pair as string);
            }),
          ),
        readPairs: (pairs) => Promise.all(pairs.map((pair) => this.readPair(pair))),
      },
      () => this.now(),
    );
  }

  private readPair = async (pair: string): Promise<ListedPair> => {
    const [[token0], [token1], reserves] = await Promise.all([
      this.call(pair, 'token0()', [], ['address']),
      this.call(pair, 'token1()', [], ['address']),
      this.call(pair, 'getReserves()', [], ['uint112', 'uint112', 'uint32']),
    ]);
    return {
      pair: getAddress(pair),
      token0: token0 as string,
      token1: token1 as string,
      reserve0: reserves[0] as bigint,
      reserve1: reserves[1] as bigint,
    };
  };

  /** eth_call of a view function at the latest block, its result decoded as `returns`. */
  private async call(
    to: string,
    signature: string,
    args: readonly AbiValue[],
    returns: readonly string[],
  ): Promise<AbiValue[]> {
    const data = encodeCall(signature, args);
    const raw = await this.rpc.send<string>('eth_call', [{ to, data }, 'latest']);
    return decodeResult(returns, raw);
  }

  /**
   * Runs a read: logs and yields undefined on failure. status$ is the node pool's: a revert is
   * an answer and leaves it "ok"; it says "unreachable" only when every node failed.
   */
  private async read<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      logReadError(this.network, what, error);
      return undefined;
    }
  }

  pairReserves(options?: { fresh?: boolean }): Promise<PairReserves[] | undefined> {
    return this.reserves.get(options);
  }

  private readPairReserves(): Promise<PairReserves[] | undefined> {
    return this.read('pair reserves', async () => {
      const data = (size: number, p: number) =>
        encodeCall('getAllPairsBalances(uint256,uint256)', [BigInt(size), BigInt(p)]);
      const page = async (size: number, p: number) =>
        this.listing.pairs(
          `${size}|${p}`,
          await this.rpc.send<string>('eth_call', [
            { to: this.network.exchange.SWAP_API, data: data(size, p) },
            'latest',
          ]),
          listedPairsOf,
        );
      const pages: number[] = [];
      for (let p = PAIR_BALANCE_FIRST_PAGE; p <= PAIR_BALANCE_LAST_PAGE; p += 1) pages.push(p);
      // All pages at once: one batched HTTP request.
      const first = await Promise.all(pages.map((p) => page(PAIR_BALANCE_PAGE_SIZE, p)));
      const results = await morePages(
        first,
        (pairs) => pairs.length,
        async () => {
          const [n] = await this.call(
            this.network.exchange.SWAP_API,
            'allPairsLength()',
            [],
            ['uint256'],
          );
          return Number(n as bigint);
        },
        page,
      );
      return this.trusted.pools(uniquePairs(results));
    });
  }

  private balanceOf(owner: string, symbol: string): Promise<bigint | undefined> {
    const key = `${owner.toLowerCase()}:${symbol}`;
    const cached = this.balanceCache.get(key);
    if (cached !== undefined && this.now() - cached.at < BALANCE_CACHE_MS) return cached.value;
    const value = this.read(`balance of ${symbol}`, async () => {
      if (isBaseSymbol(this.network, symbol))
        return BigInt(await this.rpc.send<string>('eth_getBalance', [owner, 'latest']));
      const to = addressOf(this.network, symbol);
      const [balance] = await this.call(to, 'balanceOf(address)', [owner], ['uint256']);
      return balance as bigint;
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
      const to = addressOf(this.network, symbolOrAddress);
      const [allowed] = await this.call(
        to,
        'allowance(address,address)',
        [owner, spender],
        ['uint256'],
      );
      return allowed as bigint;
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
      type Page = [string[], string[], string[], bigint[], bigint[], bigint[], bigint[]];
      const add = ([pairs, , , total, user, valueA, valueB]: Page, large: number) => {
        // The first large page reads the spec's first page again: it replaces it.
        if (large === 1) positions.length = 0;
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
        onPositions([...positions]);
      };
      await pagesUntilShort(
        async (size, page) =>
          (await this.call(
            this.network.exchange.SWAP_API,
            'getUserLP(address,uint256,uint256)',
            [owner, BigInt(size), BigInt(page)],
            USER_LP_PAGE,
          )) as Page,
        ([pairs]) => pairs.length,
        USER_LIQUIDITY_PAGE_SIZE,
        add,
      );
      return positions;
    });
  }

  pairState(pair: string): Promise<PairChainState | undefined> {
    return this.read('pair state', async () => {
      // Four calls in one batched request.
      const [[token0], reserves, [totalSupply], [kLast]] = await Promise.all([
        this.call(pair, 'token0()', [], ['address']),
        this.call(pair, 'getReserves()', [], ['uint112', 'uint112', 'uint32']),
        this.call(pair, 'totalSupply()', [], ['uint256']),
        this.call(pair, 'kLast()', [], ['uint256']),
      ]);
      return {
        token0: getAddress(token0 as string),
        reserve0: reserves[0] as bigint,
        reserve1: reserves[1] as bigint,
        totalSupply: totalSupply as bigint,
        kLast: kLast as bigint,
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
      const [amounts] = await this.call(
        this.network.exchange.ROUTER_ADDRESS,
        `${fn}(uint256,address[],bytes32[])`,
        [amount, addresses, taxes],
        ['uint256[]'],
      );
      return [...(amounts as bigint[])];
    });
  }

  /**
   * A base-coin buy of `amountIn` along `path`, simulated from the wrapped base contract (which
   * holds base coin on every chain, so no account of ours needs funds or a state override), and
   * the last pair's untaxed output for what reached it, both at one block.
   */
  probeTransferTax(path: readonly string[], amountIn: bigint) {
    return this.read('tax probe', async () => {
      const addresses = path.map((s) => addressOf(this.network, s));
      const block = await this.rpc.send<string>('eth_blockNumber', []);
      const buy = encodeCall(
        'swapExactBaseForTokens(uint256,address[],bytes32[],address,uint256)',
        [0n, addresses, [], TAX_PROBE_RECIPIENT, this.simulationDeadline()],
      );
      const from = addressOf(this.network, this.network.baseToken);
      const router = this.network.exchange.ROUTER_ADDRESS;
      const call = { from, to: router, data: buy, value: toQuantity(amountIn) };
      const [bought] = decodeResult(
        ['uint256[]'],
        await this.rpc.send<string>('eth_call', [call, block]),
      );
      const amounts = bought as bigint[];
      const n = amounts.length;
      const lastHop = {
        to: router,
        data: encodeCall('getAmountsOut(uint256,address[])', [
          amounts[n - 2] as bigint,
          addresses.slice(-2),
        ]),
      };
      const [out] = decodeResult(
        ['uint256[]'],
        await this.rpc.send<string>('eth_call', [lastHop, block]),
      );
      return { sent: (out as bigint[])[1] as bigint, received: amounts[n - 1] as bigint };
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
      const deadline = this.simulationDeadline();
      const data = encodeCall(
        'swapExactBaseForTokens(uint256,address[],bytes32[],address,uint256)',
        [0n, addresses, taxesFor(this.network, path), owner, deadline],
      );
      const [gas, price] = await Promise.all([
        this.rpc.send<string>('eth_estimateGas', [
          {
            from: owner,
            to: this.network.exchange.ROUTER_ADDRESS,
            data,
            value: toQuantity(amountIn),
          },
        ]),
        this.gasPrice(),
      ]);
      return gasLimitFor(BigInt(gas)) * price;
    } catch (error) {
      console.warn(`[shared-chain] ${this.network.id}: swap gas estimate failed`, error);
      return undefined;
    }
  }

  /**
   * The most an add of liquidity costs in gas (limit x price): the add as the writer will send
   * it (estimated with a 1-unit amount; before the token's approval the node cannot estimate it,
   * and FALLBACK_SEND_GAS stands in), plus createPair's when the pair does not exist yet.
   */
  async liquidityGasCost(
    owner: string,
    symbolA: string,
    symbolB: string,
    createsPair: boolean,
  ): Promise<bigint | undefined> {
    try {
      const { network } = this;
      const estimate = (tx: { to: string; data: string; value?: bigint }) =>
        this.rpc
          .send<string>('eth_estimateGas', [
            { from: owner, to: tx.to, data: tx.data, value: toQuantity(tx.value ?? 0n) },
          ])
          .then((gas) => gasLimitFor(BigInt(gas)));
      const create = createsPair
        ? estimate({
            to: network.exchange.FACTORY_ADDRESS,
            data: encodeCall('createPair(address,address)', [
              addressOf(network, symbolA),
              addressOf(network, symbolB),
            ]),
          })
        : Promise.resolve(0n);
      const add = createsPair
        ? Promise.resolve(gasLimitFor(FALLBACK_SEND_GAS))
        : estimate(this.addLiquidityProbe(owner, symbolA, symbolB)).catch(() =>
            gasLimitFor(FALLBACK_SEND_GAS),
          );
      const [createGas, addGas, price] = await Promise.all([create, add, this.gasPrice()]);
      return (createGas + addGas) * price;
    } catch (error) {
      console.warn(`[shared-chain] ${this.network.id}: liquidity gas estimate failed`, error);
      return undefined;
    }
  }

  /** The add the writer sends, with 1 base unit of each amount and no minimums. */
  private addLiquidityProbe(owner: string, symbolA: string, symbolB: string) {
    const { network } = this;
    const router = liquidityRouterOf(network, symbolA, symbolB).address;
    const deadline = this.simulationDeadline();
    const baseA = isBaseSymbol(network, symbolA);
    if (baseA || isBaseSymbol(network, symbolB)) {
      const token = addressOf(network, baseA ? symbolB : symbolA);
      return {
        to: router,
        data: encodeCall('addLiquidityBase(address,uint256,uint256,uint256,address,uint256)', [
          token,
          1n,
          0n,
          0n,
          owner,
          deadline,
        ]),
        value: 1n,
      };
    }
    return {
      to: router,
      data: encodeCall(
        'addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)',
        [addressOf(network, symbolA), addressOf(network, symbolB), 1n, 1n, 0n, 0n, owner, deadline],
      ),
    };
  }

  tokenFacts(address: string): Promise<TokenFactsAnswer | undefined> {
    return this.read('token facts', async () => {
      const code = await this.rpc.send<string>('eth_getCode', [address, 'latest']);
      if (code === '0x' || code === '0x0') return { kind: 'no-code' as const };
      // A getter that reverts or is missing answers undefined: not a token.
      const get = (signature: string) =>
        this.rpc
          .send<string>('eth_call', [{ to: address, data: encodeCall(signature, []) }, 'latest'])
          .then(
            (raw) => (raw === '0x' ? undefined : raw),
            (error: unknown) => {
              if (error instanceof RpcError) return undefined;
              throw error;
            },
          );
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
   * TokenProbe run in one eth_call without `to` (its creation code; no state override, which not
   * every node has), from the wrapped base contract, which holds base coin on every chain.
   */
  probeToken(path: readonly string[], amountIn: bigint): Promise<TokenProbeReading | undefined> {
    return this.read('token probe', async () => {
      const addresses = path.map((s) => addressOf(this.network, s));
      const { ROUTER_ADDRESS, FACTORY_ADDRESS } = this.network.exchange;
      const call = {
        from: addressOf(this.network, this.network.baseToken),
        data: tokenProbeData(ROUTER_ADDRESS, FACTORY_ADDRESS, addresses),
        value: toQuantity(amountIn),
      };
      return decodeTokenProbe(await this.rpc.send<string>('eth_call', [call, 'latest']));
    });
  }

  factoryPools(
    pairs: readonly (readonly [string, string])[],
    fresh?: boolean,
  ): Promise<PairReserves[] | undefined> {
    return this.read('factory pools', () => this.factory.pools(pairs, fresh));
  }

  private gasPrice(): Promise<bigint> {
    return this.network.gasPrice
      ? Promise.resolve(BigInt(this.network.gasPrice))
      : this.rpc.send<string>('eth_gasPrice').then(BigInt);
  }

  chainTimeMs(): number | undefined {
    return this.nodes.pool.chainTimeMs();
  }

  /** A simulated send's deadline, from the chain's time where this device's clock is behind. */
  private simulationDeadline(): bigint {
    return defaultDeadline(sendTimeMs(this.now(), this.chainTimeMs()));
  }

  reset(): void {
    this.reserves.reset();
    this.balanceCache.clear();
    this.factory.reset();
  }
}
