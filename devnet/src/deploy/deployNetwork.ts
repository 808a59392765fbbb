import {
  Contract,
  ContractFactory,
  JsonRpcProvider,
  MaxUint256,
  NonceManager,
  getAddress,
  toBeHex,
  zeroPadValue,
  type ContractTransactionResponse,
  type InterfaceAbi,
  type Overrides,
} from 'ethers';
import { loadArtifact, type ContractName } from '../artifacts';
import type { NetworkConfig, PoolConfig, TokenConfig } from '../config/types';
import { amountForUsd, arbitrageTrade, sellChance, usdWorth } from './prices';
import { PaddedWallet } from './signer';

export interface DeployOptions {
  network: NetworkConfig; // the production entry for this network (addresses empty)
  rpcUrl: string;
  deployerKey?: string; // default anvil dev key #0
  devAccounts: string[]; // 0x addresses to fund with base coin and every token
  baseFunding: bigint; // base coin per dev account, in base units
  history?: HistoryOptions; // seed past swaps
  gasPrice?: bigint;
  onContract?: (name: string, address: string, abi: unknown[]) => void | Promise<void>; // called for every deployed contract incl. each pair
  /** USD value of each side of every seeded pool (default 500 000). */
  poolDepthUsd?: bigint;
  /** USD value of every token minted to each dev account (default 100 000). */
  tokenFundingUsd?: bigint;
  /** Seed prices by symbol (USD decimal strings); default SEED_PRICES_USD. */
  prices?: Record<string, string>;
  /** Platform fee recipient (factory feeTo); default FEE_RECIPIENT. */
  feeRecipient?: string;
  /** Receives the transfer taxes; default TAX_WALLET. */
  taxWallet?: string;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** Anvil's dev account #0 (mnemonic "test test ... junk"). */
export const ANVIL_KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** Anvil's first 10 dev accounts (default mnemonic). */
export const ANVIL_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
];
/** Private keys of ANVIL_ACCOUNTS, same order. */
export const ANVIL_KEYS = [
  ANVIL_KEY_0,
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
];

/** Platform fee recipient (factory feeTo: 1/6 of the 0.3% fee, minted as liquidity). */
export const FEE_RECIPIENT = '0x0000000000000000000000000000000000000FEE';
/** Receives every token's transfer tax. */
export const TAX_WALLET = '0x0000000000000000000000000000000000007A8E';
/** Burn address; JM_BURNED JM are minted here so the "burned" figure is real. */
export const BURN_ADDRESS = '0x000000000000000000000000000000000000dEaD';
/** Whole JM seeded as burned. */
export const JM_BURNED = 2_500_000_000n;

/**
 * Tokens deployed as UsdtStyleToken (approve refuses a non-zero allowance to another non-zero
 * value, checklist item 17): those the config flags `approveResetRequired` (USDT on Ethereum)
 * and, without a flag, TWJ on TRON, so the e2e shows the app finds them by simulation.
 */
export const USDT_STYLE_TOKENS: Readonly<Record<string, readonly string[]>> = { TRON: ['TWJ'] };

/**
 * Tokens deployed as RetaxableToken whose owner changes the tax after seeding: the
 * chain then takes this percent while the config still says 0, and the site must detect it.
 * The LIQUIDITY_ROUTER is exempted too, so their liquidity stays tax-free.
 */
export const RETAXED_TOKENS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  BSC: { KLV: 4 },
  TRON: { ZLF: 4 },
};

const DAY = 86400;

/**
 * Past swaps to seed: `swaps` spread over every pool in turn, plus `featuredSwaps` more on each
 * featured pool (the charts' default pairs), so their charts show weeks of 4-hour candles.
 */
export interface HistoryOptions {
  swaps: number;
  days: number;
  featuredSwaps?: number;
}

/** Pools whose charts the site shows first (symbolA/symbolB as the pool config writes them). */
export const FEATURED_POOLS = ['TRX/JM', 'TRX/USDT', 'BNB/USDT', 'MATIC/USDT'];

/**
 * The pool of each history swap, in time order: `swaps` round-robin over every pool plus
 * `featuredSwaps` per featured pool, shuffled deterministically.
 */
export function historySchedule(
  pools: PoolConfig[],
  history: HistoryOptions,
  random: () => number,
): PoolConfig[] {
  const picks: PoolConfig[] = [];
  for (let i = 0; i < history.swaps; i++) picks.push(pools[i % pools.length]!);
  for (const p of pools) {
    if (!FEATURED_POOLS.includes(`${p.symbolA}/${p.symbolB}`)) continue;
    for (let i = 0; i < (history.featuredSwaps ?? 0); i++) picks.push(p);
  }
  for (let i = picks.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [picks[i], picks[j]] = [picks[j]!, picks[i]!];
  }
  return picks;
}

/** Deterministic PRNG (mulberry32) so history is the same on every start. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** bytes32 entries of a taxes array, one per path token. */
export function taxesFor(percents: number[]): string[] {
  return percents.map((p) => zeroPadValue(toBeHex(p), 32));
}

/**
 * Deploys the DEX on one EVM chain (also the TRON anvil), seeds the pools of `network`, funds the
 * dev accounts and optionally seeds past swaps. Returns the network's config with every address
 * filled in (0x form). Deterministic: a fresh chain and the same deployer give the same addresses.
 */
export async function deployNetwork(opts: DeployOptions): Promise<NetworkConfig> {
  const log = opts.log ?? (() => {});
  const provider = new JsonRpcProvider(opts.rpcUrl, undefined, {
    staticNetwork: true,
    pollingInterval: 50,
    cacheTimeout: -1,
  });
  try {
    return await deployWith(provider, opts, log);
  } finally {
    provider.destroy();
  }
}

async function deployWith(
  provider: JsonRpcProvider,
  opts: DeployOptions,
  log: (line: string) => void,
): Promise<NetworkConfig> {
  const network = structuredClone(opts.network);
  const prices = opts.prices;
  const wallet = new PaddedWallet(opts.deployerKey ?? ANVIL_KEY_0, provider);
  const signer = new NonceManager(wallet);
  const deployer = wallet.address;
  const ov: Overrides = opts.gasPrice !== undefined ? { gasPrice: opts.gasPrice } : {};
  const feeRecipient = getAddress(opts.feeRecipient ?? FEE_RECIPIENT);
  const taxWallet = getAddress(opts.taxWallet ?? TAX_WALLET);
  const poolDepthUsd = opts.poolDepthUsd ?? 500_000n;
  const tokenFundingUsd = opts.tokenFundingUsd ?? 100_000n;
  const devAccounts = opts.devAccounts.map((a) => getAddress(a));
  const chainId = Number((await provider.getNetwork()).chainId);

  const baseSymbol = network.baseToken;
  const baseToken = network.tokens[baseSymbol];
  if (!baseToken) throw new Error(`${network.id}: base token ${baseSymbol} missing from tokens`);
  const tokenList = Object.values(network.tokens);

  // Own receipt polling: fast on an automining anvil and never stuck on a missed block event.
  const waitReceipt = async (hash: string) => {
    const deadline = Date.now() + 120_000;
    for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
      const receipt = (await provider.send('eth_getTransactionReceipt', [hash])) as {
        status: string;
        contractAddress: string | null;
      } | null;
      if (receipt) {
        if (BigInt(receipt.status) !== 1n)
          throw new Error(`${network.id}: transaction ${hash} reverted`);
        return receipt;
      }
      if (Date.now() > deadline) throw new Error(`${network.id}: no receipt for ${hash}`);
      await new Promise((r) => setTimeout(r, delay));
    }
  };
  const send = async (p: Promise<ContractTransactionResponse>) => waitReceipt((await p).hash);
  const deploy = async (name: ContractName, label: string | undefined, args: unknown[]) => {
    const artifact = loadArtifact(name);
    const factory = new ContractFactory(artifact.abi as InterfaceAbi, artifact.bytecode, signer);
    const contract = await factory.deploy(...args, ov);
    const tx = contract.deploymentTransaction();
    if (!tx) throw new Error(`${name}: no deployment transaction`);
    const receipt = await waitReceipt(tx.hash);
    const address = getAddress(receipt.contractAddress ?? (await contract.getAddress()));
    await opts.onContract?.(label ? `${name}:${label}` : name, address, artifact.abi);
    return new Contract(address, artifact.abi as InterfaceAbi, signer);
  };
  const rpc = (method: string, params: unknown[]) => provider.send(method, params);

  // ---------------------------------------------------------------- amounts
  const usdAmount = (usd: bigint, t: TokenConfig) =>
    amountForUsd(usd, t.symbol, t.decimals, prices);
  const poolSide = (t: TokenConfig) => usdAmount(poolDepthUsd, t);
  const historyCount = opts.history?.swaps ?? 0;
  // History swaps trade at most 1.5% of a pool side; keep 2 pool sides of each token for them,
  // and one more per 50 featured swaps.
  const historyReserve = (t: TokenConfig) =>
    historyCount > 0
      ? poolSide(t) * (2n + BigInt(Math.ceil((opts.history?.featuredSwaps ?? 0) / 50)))
      : 0n;
  const poolsOf = (symbol: string) =>
    network.pools.filter((p) => p.symbolA === symbol || p.symbolB === symbol).length;

  const baseForPools = poolSide(baseToken) * BigInt(poolsOf(baseSymbol));
  const baseNeeded = baseForPools + historyReserve(baseToken);

  // ---------------------------------------------------------------- base coin balances
  const ensureBalance = async (account: string, wanted: bigint) => {
    const have = await provider.getBalance(account);
    if (have >= wanted) return;
    try {
      await rpc('anvil_setBalance', [account, toBeHex(wanted)]);
    } catch {
      if (account === deployer)
        throw new Error(`deployer ${deployer} needs ${wanted} base units, has ${have}`);
      await waitReceipt(
        (await signer.sendTransaction({ to: account, value: wanted - have, ...ov })).hash,
      );
    }
  };
  const gasAllowance = 10n ** BigInt(baseToken.decimals) * 1000n;
  const deployerBalance = await provider.getBalance(deployer);
  if (deployerBalance < baseNeeded + gasAllowance) {
    await ensureBalance(deployer, baseNeeded + gasAllowance + deployerBalance);
  }

  // ---------------------------------------------------------------- contracts
  log(`${network.id}: deploying contracts`);
  const wbase = await deploy('WrappedBase', `W${baseSymbol}`, [
    `Wrapped ${baseSymbol}`,
    `W${baseSymbol}`,
    baseToken.decimals,
  ]);
  const tokens = new Map<string, Contract>();
  tokens.set(baseSymbol, wbase);
  for (const t of tokenList) {
    if (t.symbol === baseSymbol) continue;
    if (RETAXED_TOKENS[network.id]?.[t.symbol] !== undefined) {
      const args = [t.name, t.symbol, t.decimals, t.tax, taxWallet];
      tokens.set(t.symbol, await deploy('RetaxableToken', t.symbol, args));
      continue;
    }
    const usdtStyle =
      t.approveResetRequired === true || USDT_STYLE_TOKENS[network.id]?.includes(t.symbol);
    tokens.set(
      t.symbol,
      await deploy(usdtStyle ? 'UsdtStyleToken' : 'TaxedToken', t.symbol, [
        t.name,
        t.symbol,
        t.decimals,
        t.tax,
        taxWallet,
      ]),
    );
  }
  const factory = await deploy('JMSwapFactory', undefined, [deployer]);
  const factoryAddress = await factory.getAddress();
  const wbaseAddress = await wbase.getAddress();
  const router = await deploy('JMSwapRouter', undefined, [factoryAddress, wbaseAddress]);
  const liquidityRouter = await deploy('JMSwapLiquidityRouter', undefined, [
    factoryAddress,
    wbaseAddress,
  ]);
  const info = await deploy('JMSwapInfo', undefined, [factoryAddress]);
  const routerAddress = await router.getAddress();
  const liquidityRouterAddress = await liquidityRouter.getAddress();
  await send(factory.getFunction('setRouterAddress')(routerAddress, ov));
  await send(factory.getFunction('setFeeTo')(feeRecipient, ov));

  // Exemption rule: taxed tokens exempt the LIQUIDITY_ROUTER, except those whose liquidity goes
  // through the normal router (SafeMoney, PSRS), which exempt nothing.
  for (const t of tokenList) {
    if (t.symbol === baseSymbol || t.tax === 0 || t.useNormalRouterForLiquidity) continue;
    await send(tokens.get(t.symbol)!.getFunction('setExempt')(liquidityRouterAddress, true, ov));
  }

  // ---------------------------------------------------------------- token supply
  log(`${network.id}: minting and funding`);
  for (const t of tokenList) {
    if (t.symbol === baseSymbol) continue;
    const token = tokens.get(t.symbol)!;
    const forPools = poolSide(t) * BigInt(poolsOf(t.symbol));
    const forDeployer = forPools + historyReserve(t);
    if (forDeployer > 0n) await send(token.getFunction('mint')(deployer, forDeployer, ov));
    const perAccount = usdAmount(tokenFundingUsd, t);
    if (devAccounts.length > 0 && perAccount > 0n) {
      await send(token.getFunction('mintBatch')(devAccounts, perAccount, ov));
    }
    if (t.symbol === 'JM') {
      await send(
        token.getFunction('mint')(BURN_ADDRESS, JM_BURNED * 10n ** BigInt(t.decimals), ov),
      );
    }
  }
  for (const account of devAccounts) await ensureBalance(account, opts.baseFunding);

  // ---------------------------------------------------------------- pools
  log(`${network.id}: seeding ${network.pools.length} pools`);
  if (baseForPools > 0n) await send(wbase.getFunction('deposit')({ ...ov, value: baseForPools }));
  const pairAbi = loadArtifact('JMSwapPair').abi;
  for (const pool of network.pools) {
    const a = network.tokens[pool.symbolA];
    const b = network.tokens[pool.symbolB];
    if (!a || !b)
      throw new Error(`${network.id}: pool ${pool.symbolA}/${pool.symbolB} uses an unknown token`);
    const tokenA = tokens.get(a.symbol)!;
    const tokenB = tokens.get(b.symbol)!;
    const addrA = await tokenA.getAddress();
    const addrB = await tokenB.getAddress();
    await send(factory.getFunction('createPair')(addrA, addrB, ov));
    const pairAddress = getAddress(await factory.getFunction('getPair')(addrA, addrB));
    await opts.onContract?.(`JMSwapPair:${pool.symbolA}/${pool.symbolB}`, pairAddress, pairAbi);
    // Both sides go straight into the pair (no tax: the deployer mints / wraps), then mint.
    for (const [t, c] of [
      [a, tokenA],
      [b, tokenB],
    ] as const) {
      const amount = poolSide(t);
      if (t.symbol === baseSymbol) await send(c.getFunction('transfer')(pairAddress, amount, ov));
      else await send(c.getFunction('mint')(pairAddress, amount, ov));
    }
    const pair = new Contract(pairAddress, pairAbi as InterfaceAbi, signer);
    await send(pair.getFunction('mint')(deployer, ov));
    pool.address = pairAddress;
  }
  // Base-side amounts minted into pairs were counted as deployer supply above; the deployer
  // keeps them for history swaps.

  // ---------------------------------------------------------------- history
  if (opts.history && opts.history.swaps > 0 && network.pools.length > 0) {
    await seedHistory({
      network,
      history: opts.history,
      tokens,
      router,
      routerAddress,
      baseSymbol,
      prices,
      recipients: devAccounts.length > 0 ? devAccounts : [deployer],
      ov,
      rpc,
      send,
      provider,
      log,
    });
  }

  // ---------------------------------------------------------------- taxes changed on chain
  for (const [symbol, tax] of Object.entries(RETAXED_TOKENS[network.id] ?? {})) {
    const token = tokens.get(symbol);
    if (!token) continue;
    await send(token.getFunction('setExempt')(liquidityRouterAddress, true, ov));
    await send(token.getFunction('setTax')(tax, ov));
  }

  // ---------------------------------------------------------------- config
  // The local profile has one node per network; the production entry's list is not it.
  network.nodeUrl = opts.rpcUrl;
  network.nodeUrls = [opts.rpcUrl];
  network.chainId = chainId;
  network.exchange = {
    FACTORY_ADDRESS: factoryAddress,
    ROUTER_ADDRESS: routerAddress,
    LIQUIDITY_ROUTER: liquidityRouterAddress,
    SWAP_API: await info.getAddress(),
    MAX_HOP_LENGTH: 3,
  };
  network.feeRecipient = feeRecipient;
  network.burnAddress = BURN_ADDRESS;
  for (const t of tokenList) {
    const cfg = network.tokens[t.symbol]!;
    cfg.address = getAddress(await tokens.get(t.symbol)!.getAddress());
    delete cfg.hex;
    if (t.symbol === baseSymbol) cfg.isBase = true;
  }
  log(`${network.id}: deployed`);
  return network;
}

interface HistoryArgs {
  network: NetworkConfig;
  history: HistoryOptions;
  tokens: Map<string, Contract>;
  router: Contract;
  routerAddress: string;
  baseSymbol: string;
  /** The seed prices the pools were made at, which history stays near. */
  prices?: Record<string, string>;
  recipients: string[];
  ov: Overrides;
  rpc: (method: string, params: unknown[]) => Promise<unknown>;
  send: (p: Promise<ContractTransactionResponse>) => Promise<unknown>;
  provider: JsonRpcProvider;
  log: (line: string) => void;
}

/**
 * Past swaps through the router, both directions, spread over `days` up to about now, at
 * increasing block timestamps (evm_setNextBlockTimestamp). Afterwards the chain clock is at the
 * wall clock.
 */
async function seedHistory(h: HistoryArgs): Promise<void> {
  const { network, tokens, routerAddress, baseSymbol, ov } = h;
  const random = prng(0x4a4d + network.chainId);
  const schedule = historySchedule(network.pools, h.history, random);
  const swaps = schedule.length;
  const days = h.history.days;
  h.log(`${network.id}: seeding ${swaps} past swaps over ${days} days`);
  for (const t of Object.values(network.tokens)) {
    if (t.symbol === baseSymbol) continue;
    await h.send(tokens.get(t.symbol)!.getFunction('approve')(routerAddress, MaxUint256, ov));
  }
  const latest = await h.provider.getBlock('latest');
  const chainNow = latest ? latest.timestamp : Math.floor(Date.now() / 1000);
  const wallNow = Math.floor(Date.now() / 1000);
  const end = Math.max(wallNow - 300, chainNow + swaps + 1);
  const start = Math.max(chainNow + 1, end - days * DAY);
  const step = (end - start) / swaps;
  const deadline = BigInt(wallNow + 30 * DAY);
  let last = chainNow;

  for (let i = 0; i < swaps; i++) {
    const pool = schedule[i]!;
    const jitter = Math.floor(random() * step * 0.8);
    const ts = Math.max(last + 1, Math.floor(start + i * step + jitter));
    last = ts;
    const [tokenA, tokenB] = [h.network.tokens[pool.symbolA]!, h.network.tokens[pool.symbolB]!];
    const [reserveA, reserveB] = await reservesOf(h, tokenA, tokenB);
    const worth = (reserve: bigint, t: TokenConfig) =>
      usdWorth(reserve, t.symbol, t.decimals, h.prices);
    // sell symbolB for symbolA, else buy symbolB with symbolA; drawn toward the seed price
    const sell = random() < sellChance(worth(reserveA, tokenA), worth(reserveB, tokenB));
    const from = sell ? tokenB : tokenA;
    const to = sell ? tokenA : tokenB;
    const reserveIn = sell ? reserveB : reserveA;
    // 0.05% .. 1.5% of the pool's input side, in permille steps of 1/100.
    const bps = BigInt(5 + Math.floor(random() * 145));
    const amountIn = (reserveIn * bps) / 10000n;
    if (amountIn === 0n) continue;
    const recipient = h.recipients[i % h.recipients.length]!;
    if (process.env.DEVNET_DEBUG)
      h.log(`${network.id}: swap ${i} at ${ts} ${from.symbol}->${to.symbol} ${amountIn}`);
    await swapAt(h, ts, from, to, amountIn, recipient, deadline);
  }
  // An arbitrageur's trades on each pool the walk left off the seed prices, a second apart at the
  // end (before the wall clock: history ends 5 min ago): a token's pools then agree with each
  // other and with its dollar price. Half the gap, then half the rest, and so on: the last
  // trade's price (the chart's last close) is within a fraction of a percent of the pool's.
  for (const pool of network.pools) {
    const [tokenA, tokenB] = [h.network.tokens[pool.symbolA]!, h.network.tokens[pool.symbolB]!];
    for (let step = 1; step <= ARBITRAGE_STEPS; step++) {
      const [reserveA, reserveB] = await reservesOf(h, tokenA, tokenB);
      const trade = arbitrageTrade(
        { ...tokenA, reserve: reserveA },
        { ...tokenB, reserve: reserveB },
        h.prices,
      );
      if (!trade) break;
      const [from, to] = trade.sell === 'A' ? [tokenA, tokenB] : [tokenB, tokenA];
      const amountIn = step < ARBITRAGE_STEPS ? trade.amountIn / 2n : trade.amountIn;
      last += 1;
      await swapAt(h, last, from, to, amountIn, h.recipients[0]!, deadline);
    }
  }
  // Bring the chain clock to the wall clock.
  const now = Math.max(Math.floor(Date.now() / 1000), last + 1);
  await h.rpc('evm_setNextBlockTimestamp', [now]);
  await h.rpc('evm_mine', []);
}

/** The reserves of the pool of `a` and `b`, in that order (base units). */
async function reservesOf(
  h: HistoryArgs,
  a: TokenConfig,
  b: TokenConfig,
): Promise<[bigint, bigint]> {
  return (await h.router.getFunction('getPairBalance')(
    await h.tokens.get(a.symbol)!.getAddress(),
    await h.tokens.get(b.symbol)!.getAddress(),
  )) as [bigint, bigint];
}

/** Trades that bring a pool back to the seed prices at the end of the history. */
export const ARBITRAGE_STEPS = 4;

/** One swap of `amountIn` of `from` for `to` through the router, mined at `ts`. */
async function swapAt(
  h: HistoryArgs,
  ts: number,
  from: TokenConfig,
  to: TokenConfig,
  amountIn: bigint,
  recipient: string,
  deadline: bigint,
): Promise<void> {
  const { router, tokens, baseSymbol, ov } = h;
  const path = [
    await tokens.get(from.symbol)!.getAddress(),
    await tokens.get(to.symbol)!.getAddress(),
  ];
  const taxes = taxesFor([from.tax, to.tax]);
  await h.rpc('evm_setNextBlockTimestamp', [ts]);
  if (from.symbol === baseSymbol) {
    await h.send(
      router.getFunction('swapExactBaseForTokens')(0n, path, taxes, recipient, deadline, {
        ...ov,
        value: amountIn,
      }),
    );
  } else {
    const method = to.symbol === baseSymbol ? 'swapExactTokensForBase' : 'swapExactTokensForTokens';
    await h.send(router.getFunction(method)(amountIn, 0n, path, taxes, recipient, deadline, ov));
  }
}
