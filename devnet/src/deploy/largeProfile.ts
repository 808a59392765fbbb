/**
 * The "large" profile (a thousand pools): on top of a network deployed and seeded by
 * deployNetwork, 1 000 tokens in all and some 1 400 pools with liquidity, seeded in bulk.
 *
 * The token list (networks.json) lists LARGE_LISTED_TOKENS of them, the rest are on chain only:
 * a large DEX's default list holds a few hundred tokens (the long tail is reached by import or a
 * listing request), and spam tokens, some calling themselves USDT or the wrapped base coin, pool
 * with the real ones. Every pool between listed tokens is in the list; routing sees those only.
 *
 * Seeding sends every transaction at once with explicit nonces and gas (anvil's dev accounts are
 * unlocked: eth_sendTransaction, no signing), in JSON-RPC batches, and checks the receipts and
 * the swap-info pages at the end: ~20 000 transactions in well under a minute.
 */
import { Interface, getAddress, getCreateAddress, toBeHex, type InterfaceAbi } from 'ethers';
import { loadArtifact } from '../artifacts';
import type { NetworkConfig, PoolConfig, TokenConfig } from '../config/types';
import { amountForUsd, SEED_PRICES_USD } from './prices';

/** Tokens on chain in the large profile, the network's own included. */
export const LARGE_TOKENS = 1000;
/** Tokens in the large profile's token list (networks.json), the network's own included. */
export const LARGE_LISTED_TOKENS = 300;
/** The networks the large profile seeds (one EVM network and TRON). */
export const LARGE_NETWORKS = ['BSC', 'TRON'] as const;

export interface LargeSeedOptions {
  /** The network as deployNetwork returned it (0x addresses). */
  network: NetworkConfig;
  /** anvil's JSON-RPC url (TRON: its internal anvil). */
  rpcUrl: string;
  /** The deployer (anvil's dev account #0, unlocked on anvil): owner of the factory and tokens. */
  deployer: string;
  devAccounts: string[];
  /** USD of every listed token minted to each dev account (default 100 000). */
  tokenFundingUsd?: bigint;
  gasPrice?: bigint;
  tokens?: number;
  listedTokens?: number;
  onContract?: (name: string, address: string, abi: unknown[]) => void | Promise<void>;
  log?: (line: string) => void;
}

interface NewToken {
  config: TokenConfig;
  listed: boolean;
  price: string;
  address: string;
}

interface NewPool {
  a: string; // token addresses
  b: string;
  amountA: bigint;
  amountB: bigint;
  /** In the token list: both tokens listed. */
  listed?: { symbolA: string; symbolB: string };
  label: string;
}

const DECIMALS = [18, 6, 8, 9];

/** A JSON-RPC quantity (no leading zeros). */
const quantity = (n: bigint | number) => `0x${n.toString(16)}`;

/** A deterministic price between 0.000001 and 9 USD: "0.000d" with d in 1..9. */
function priceFor(i: number): string {
  const digit = String(1 + (i % 9));
  const zeros = (i * 7) % 6;
  return zeros === 0 ? digit : `0.${'0'.repeat(zeros - 1)}${digit}`;
}

/** Pool depth per side in USD: 20 000 .. 500 000, varied so that routes really differ. */
const depthFor = (i: number) => BigInt(20_000 + ((i * 7919) % 481) * 1000);

interface Rpc {
  call<T>(method: string, params: unknown[]): Promise<T>;
  batch<T>(calls: Array<[string, unknown[]]>): Promise<T[]>;
}

function rpcAt(url: string): Rpc {
  let id = 0;
  const post = async (body: unknown) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return (await res.json()) as unknown;
  };
  type Answer = { id: number; result?: unknown; error?: { message: string } };
  const unwrap = (a: Answer, method: string) => {
    if (a.error) throw new Error(`${method}: ${a.error.message}`);
    return a.result;
  };
  return {
    async call<T>(method: string, params: unknown[]) {
      return unwrap(
        (await post({ jsonrpc: '2.0', id: ++id, method, params })) as Answer,
        method,
      ) as T;
    },
    async batch<T>(calls: Array<[string, unknown[]]>) {
      const first = id + 1;
      const body = calls.map(([method, params]) => ({ jsonrpc: '2.0', id: ++id, method, params }));
      const answers = (await post(body)) as Answer[] | Answer;
      if (!Array.isArray(answers))
        throw new Error(`batch of ${calls.length}: ${JSON.stringify(answers).slice(0, 300)}`);
      const byId = new Map(answers.map((a) => [a.id, a]));
      return calls.map(([method], i) => {
        const a = byId.get(first + i);
        if (!a) throw new Error(`${method}: no answer in the batch`);
        return unwrap(a, method) as T;
      });
    },
  };
}

/** Runs `items` through `run` in JSON-RPC batches of `size`, `parallel` batches at a time. */
async function inBatches<T, R>(
  items: T[],
  size: number,
  parallel: number,
  run: (chunk: T[]) => Promise<R[]>,
): Promise<R[]> {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  const out: R[][] = new Array(chunks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, chunks.length) }, async () => {
      while (next < chunks.length) {
        const i = next++;
        out[i] = await run(chunks[i]!);
      }
    }),
  );
  return out.flat();
}

/**
 * Adds the large profile's tokens and pools to a deployed network and returns its config with
 * the listed ones (the network's own tokens and pools stay as they were).
 */
export async function seedLargeProfile(opts: LargeSeedOptions): Promise<NetworkConfig> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const rpc = rpcAt(opts.rpcUrl);
  const network = structuredClone(opts.network);
  const deployer = getAddress(opts.deployer);
  const total = opts.tokens ?? LARGE_TOKENS;
  const listedTotal = opts.listedTokens ?? LARGE_LISTED_TOKENS;
  const own = Object.values(network.tokens);
  const base = network.tokens[network.baseToken]!;
  const usdt = network.tokens.USDT;
  if (!usdt) throw new Error(`${network.id}: the large profile pools against USDT`);
  const prices: Record<string, string> = { ...SEED_PRICES_USD };
  const taxWallet = '0x0000000000000000000000000000000000007A8E';

  // ------------------------------------------------------------ tokens
  const tokenArtifact = loadArtifact('TaxedToken');
  const tokenFactory = new Interface(tokenArtifact.abi as InterfaceAbi);
  const pairAbi = loadArtifact('JMSwapPair').abi;
  const pairIface = new Interface(pairAbi as InterfaceAbi);
  const factoryIface = new Interface(loadArtifact('JMSwapFactory').abi as InterfaceAbi);
  const wbaseIface = new Interface(loadArtifact('WrappedBase').abi as InterfaceAbi);

  let nonce = Number(
    BigInt(await rpc.call<string>('eth_getTransactionCount', [deployer, 'latest'])),
  );
  const txs: Array<{ to?: string; data: string; gas: bigint; value?: bigint }> = [];
  const tx = (t: (typeof txs)[number]) => {
    txs.push(t);
    return nonce + txs.length - 1;
  };

  const fresh: NewToken[] = [];
  const imitated = ['USDT', `W${network.baseToken}`, 'BUSD', 'JM'];
  const extra = total - own.length;
  const listedExtra = Math.max(0, listedTotal - own.length);
  for (let i = 0; i < extra; i += 1) {
    const listed = i < listedExtra;
    const n = listed ? i + 1 : i - listedExtra + 1;
    const imitation = !listed && n <= imitated.length ? imitated[n - 1] : undefined;
    const symbol =
      imitation ??
      (listed ? `TK${String(n).padStart(3, '0')}` : `SPAM${String(n).padStart(3, '0')}`);
    const decimals = imitation ? 18 : DECIMALS[i % DECIMALS.length]!;
    const name = imitation ? `${imitation} (imitation)` : listed ? `Token ${n}` : `Spam ${n}`;
    const config: TokenConfig = { symbol, name, address: '', decimals, logoURI: '', tax: 0 };
    const deployData = tokenFactory.encodeDeploy([name, symbol, decimals, 0, taxWallet]);
    const at = tx({ data: `${tokenArtifact.bytecode}${deployData.slice(2)}`, gas: 3_000_000n });
    fresh.push({
      config,
      listed,
      price: priceFor(i),
      address: getCreateAddress({ from: deployer, nonce: at }),
    });
  }
  for (const t of fresh) if (t.listed) prices[t.config.symbol] = t.price;
  const amountOf = (usd: bigint, t: TokenConfig, price?: string) =>
    amountForUsd(usd, price ? '_' : t.symbol, t.decimals, price ? { _: price } : prices);

  // ------------------------------------------------------------ pools
  const pools: NewPool[] = [];
  const ownAddress = (t: TokenConfig) => getAddress(t.address);
  const listedFresh = fresh.filter((t) => t.listed);
  const spam = fresh.filter((t) => !t.listed);
  const plainOwn = own.filter((t) => t.tax === 0 && !t.isBase && t.symbol !== 'USDT');
  const pool = (
    x: NewToken | TokenConfig,
    y: NewToken | TokenConfig,
    depth: bigint,
    bonus = 1n,
  ) => {
    const cfg = (t: NewToken | TokenConfig) => ('config' in t ? t.config : t);
    const addr = (t: NewToken | TokenConfig) => ('config' in t ? t.address : ownAddress(t));
    const price = (t: NewToken | TokenConfig) => ('config' in t ? t.price : undefined);
    const bothListed = (!('config' in x) || x.listed) && (!('config' in y) || y.listed);
    pools.push({
      a: addr(x),
      b: addr(y),
      amountA: amountOf(depth, cfg(x), price(x)) * bonus,
      amountB: amountOf(depth, cfg(y), price(y)),
      ...(bothListed ? { listed: { symbolA: cfg(x).symbol, symbolB: cfg(y).symbol } } : {}),
      label: `${cfg(x).symbol}/${cfg(y).symbol}`,
    });
  };
  listedFresh.forEach((t, i) => {
    pool(t, usdt, depthFor(i));
    if (i % 4 !== 3) pool(t, base, depthFor(i + 1));
    if (i % 3 === 0) pool(t, listedFresh[(i + 1) % listedFresh.length]!, depthFor(i + 2));
    if (i % 11 === 0 && plainOwn.length > 0)
      pool(t, plainOwn[i % plainOwn.length]!, depthFor(i + 3));
  });
  spam.forEach((t, i) => {
    // An imitation offers ten times the real price: taken by symbol, it would win every route.
    const bonus = i < imitated.length ? 10n : 1n;
    pool(t, i % 2 === 0 ? usdt : base, depthFor(i), bonus);
    if (i % 5 === 0) pool(t, listedFresh[i % listedFresh.length] ?? usdt, depthFor(i + 1));
  });

  // Base coin for the base sides, wrapped once.
  const baseAddress = ownAddress(base);
  const baseTotal = pools.reduce(
    (sum, p) =>
      sum + (p.a === baseAddress ? p.amountA : 0n) + (p.b === baseAddress ? p.amountB : 0n),
    0n,
  );
  const have = BigInt(await rpc.call<string>('eth_getBalance', [deployer, 'latest']));
  const gasBudget = 10n ** BigInt(base.decimals) * 10_000n;
  await rpc.call('anvil_setBalance', [deployer, toBeHex(have + baseTotal + gasBudget)]);
  tx({
    to: baseAddress,
    data: wbaseIface.encodeFunctionData('deposit'),
    gas: 100_000n,
    value: baseTotal,
  });

  // Listed tokens to the dev accounts, as the network's own tokens are.
  const fundingUsd = opts.tokenFundingUsd ?? 100_000n;
  for (const t of listedFresh) {
    tx({
      to: t.address,
      data: tokenFactory.encodeFunctionData('mintBatch', [
        opts.devAccounts,
        amountOf(fundingUsd, t.config),
      ]),
      gas: 60_000n + 40_000n * BigInt(opts.devAccounts.length),
    });
  }

  const factory = getAddress(network.exchange.FACTORY_ADDRESS);
  let factoryNonce = Number(
    BigInt(await rpc.call<string>('eth_getTransactionCount', [factory, 'latest'])),
  );
  const pairs: string[] = [];
  for (const p of pools) {
    tx({
      to: factory,
      data: factoryIface.encodeFunctionData('createPair', [p.a, p.b]),
      gas: 4_000_000n,
    });
    const pair = getCreateAddress({ from: factory, nonce: factoryNonce++ });
    pairs.push(pair);
    for (const [token, amount] of [
      [p.a, p.amountA],
      [p.b, p.amountB],
    ] as const) {
      const data =
        token === baseAddress
          ? wbaseIface.encodeFunctionData('transfer', [pair, amount])
          : tokenFactory.encodeFunctionData('mint', [pair, amount]);
      tx({ to: token, data, gas: 100_000n });
    }
    tx({ to: pair, data: pairIface.encodeFunctionData('mint', [deployer]), gas: 300_000n });
  }

  log(
    `${network.id}: large profile: ${fresh.length} more tokens, ${pools.length} more pools, ${txs.length} transactions`,
  );
  // Full blocks would raise the base fee above what the queued transactions offer (they would
  // never be mined): a block gas limit no batch fills while seeding, the chain's own afterwards.
  const head = await rpc.call<{ gasLimit: string }>('eth_getBlockByNumber', ['latest', false]);
  await rpc.call('evm_setBlockGasLimit', [quantity(10n ** 11n)]);
  // One block per transaction costs anvil more than the transaction, and one block of all of
  // them costs more still: anvil builds a receipt from its whole block (0.5 s each in a block
  // of 7 000). So one block per batch of 50.
  await rpc.call('evm_setAutomine', [false]);
  const gasPrice =
    opts.gasPrice ?? 2n * BigInt(await rpc.call<string>('eth_gasPrice', [])) + 10n ** 9n;
  const hashes = await inBatches(
    txs.map((t, i) => ({ ...t, nonce: nonce + i })),
    // Bodies stay well under anvil's request size limit (a token deploy is ~8 KB).
    50,
    1,
    async (chunk) => {
      const sent = await rpc.batch<string>(
        chunk.map((t) => [
          'eth_sendTransaction',
          [
            {
              from: deployer,
              ...(t.to ? { to: t.to } : {}),
              data: t.data,
              gas: quantity(t.gas),
              nonce: quantity(t.nonce),
              ...(t.value ? { value: quantity(t.value) } : {}),
              gasPrice: quantity(gasPrice),
            },
          ],
        ]),
      );
      await rpc.call('evm_mine', []);
      return sent;
    },
  );
  const sentAt = Date.now();
  nonce += txs.length;
  // Mine until the deployer's last nonce is in a block.
  for (let blocks = 0; ; blocks += 1) {
    const mined = Number(
      BigInt(await rpc.call<string>('eth_getTransactionCount', [deployer, 'latest'])),
    );
    if (mined >= nonce) break;
    if (blocks > 20) {
      const stuck = txs[mined - (nonce - txs.length)];
      throw new Error(
        `${network.id}: large profile: ${nonce - mined} transactions not mined, from ${stuck?.to ?? 'a deploy'} ${stuck?.data.slice(0, 10)} value ${stuck?.value}, balance ${await rpc.call('eth_getBalance', [deployer, 'latest'])}`,
      );
    }
    await rpc.call('evm_mine', []);
  }
  await rpc.call('evm_setBlockGasLimit', [head.gasLimit]);
  await rpc.call('evm_setAutomine', [true]);
  const receipts = await inBatches(hashes, 500, 2, (chunk) =>
    rpc.batch<{ status: string } | null>(chunk.map((h) => ['eth_getTransactionReceipt', [h]])),
  );
  log(
    `${network.id}: large profile: sent and mined in ${((sentAt - started) / 1000).toFixed(1)} s, receipts read in ${((Date.now() - sentAt) / 1000).toFixed(1)} s`,
  );
  const failed = receipts.findIndex((r) => r === null || BigInt(r.status) !== 1n);
  if (failed >= 0)
    throw new Error(
      `${network.id}: large profile transaction ${failed} failed (${hashes[failed]}) ${JSON.stringify(receipts[failed])?.slice(0, 200)}`,
    );

  // The pair addresses were derived from the factory's nonce: check them against getPair.
  const reported = await inBatches(pools, 500, 2, (chunk) =>
    rpc.batch<string>(
      chunk.map((p) => [
        'eth_call',
        [{ to: factory, data: factoryIface.encodeFunctionData('getPair', [p.a, p.b]) }, 'latest'],
      ]),
    ),
  );
  reported.forEach((word, i) => {
    if (getAddress(`0x${word.slice(-40)}`) !== pairs[i])
      throw new Error(`${network.id}: pool ${pools[i]!.label} is not at ${pairs[i]}`);
  });

  // ------------------------------------------------------------ config
  for (const t of fresh)
    if (t.listed) network.tokens[t.config.symbol] = { ...t.config, address: t.address };
  const listedPools: PoolConfig[] = [];
  for (const [i, p] of pools.entries())
    if (p.listed) listedPools.push({ ...p.listed, address: pairs[i]! });
  // The TRON devnode reads each contract's code as it registers it: 2 400 of them, 50 at a time.
  const contracts: Array<[string, string, unknown[]]> = [
    ...fresh.map((t): [string, string, unknown[]] => [
      `TaxedToken:${t.config.symbol}`,
      t.address,
      tokenArtifact.abi,
    ]),
    ...pools.map((p, i): [string, string, unknown[]] => [
      `JMSwapPair:${p.label}`,
      pairs[i]!,
      pairAbi,
    ]),
  ];
  const registering = Date.now();
  if (opts.onContract)
    await inBatches(contracts, 50, 1, (chunk) =>
      Promise.all(chunk.map(([name, address, abi]) => opts.onContract!(name, address, abi))),
    );
  network.pools.push(...listedPools);
  if (opts.onContract)
    log(
      `${network.id}: large profile: ${contracts.length} contracts registered in ${((Date.now() - registering) / 1000).toFixed(1)} s`,
    );
  log(
    `${network.id}: large profile seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${own.length + fresh.length} tokens (${Object.keys(network.tokens).length} listed), ` +
      `${network.pools.length} listed pools of ${network.pools.length + pools.length - listedPools.length}`,
  );
  return network;
}
