/** Test harness: one anvil per test file, the DEX deployed with deployNetwork on a synthetic network. */
import {
  Contract,
  JsonRpcProvider,
  MaxUint256,
  Wallet,
  type ContractTransactionResponse,
  type InterfaceAbi,
} from 'ethers';
import { startAnvil, type AnvilInstance } from '../anvil';
import { loadArtifact, type ContractName } from '../artifacts';
import type { NetworkConfig, TokenConfig } from '../config/types';
import { ANVIL_ACCOUNTS, ANVIL_KEYS, deployNetwork, taxesFor } from '../deploy/deployNetwork';
import { PaddedWallet } from '../deploy/signer';
import { testRunCache } from '../test-run-cache';

export { taxesFor };

const token = (
  symbol: string,
  decimals: number,
  tax = 0,
  extra: Partial<TokenConfig> = {},
): TokenConfig => ({
  symbol,
  name: `${symbol} token`,
  address: '',
  decimals,
  logoURI: '',
  tax,
  ...extra,
});

/** BNB base; JM-like 3% (exempts LIQUIDITY_ROUTER); SAFE 10% and PSRS 2% (exempt nothing). */
export function testNetwork(): NetworkConfig {
  return {
    id: 'BSC',
    name: 'Test chain',
    platform: 'evm',
    chainId: 0,
    nodeUrl: '',
    scan: '',
    api: { url: '', ownerAddress: '' },
    exchange: {
      FACTORY_ADDRESS: '',
      ROUTER_ADDRESS: '',
      LIQUIDITY_ROUTER: '',
      SWAP_API: '',
      MAX_HOP_LENGTH: 3,
    },
    baseToken: 'BNB',
    defaultTokens: ['BNB', 'USDT'],
    tokens: {
      BNB: token('BNB', 18, 0, { isBase: true }),
      USDT: token('USDT', 6),
      AAA: token('AAA', 18),
      BBB: token('BBB', 8),
      JM: token('JM', 8, 3),
      SAFE: token('SAFE', 8, 10, { useNormalRouterForLiquidity: true }),
      PSRS: token('PSRS', 18, 2, { useNormalRouterForLiquidity: true }),
    },
    pools: [
      ['BNB', 'USDT'],
      ['BNB', 'AAA'],
      ['USDT', 'AAA'],
      ['AAA', 'BBB'],
      ['BNB', 'JM'],
      ['JM', 'USDT'],
      ['BNB', 'SAFE'],
      ['BNB', 'PSRS'],
    ].map(([symbolA, symbolB]) => ({ symbolA: symbolA!, symbolB: symbolB!, address: '' })),
  };
}

export interface Fixture {
  anvil: AnvilInstance;
  provider: JsonRpcProvider;
  config: NetworkConfig;
  /** ANVIL accounts 0..9 (0 is the deployer). */
  wallets: Wallet[];
  factory: Contract;
  router: Contract;
  liquidityRouter: Contract;
  info: Contract;
  wbase: Contract;
  /** By symbol; BNB is the wrapped base. */
  tokens: Record<string, Contract>;
  addr(symbol: string): string;
  pair(symbolA: string, symbolB: string): Contract;
  /** Contract bound to another signer. */
  as(c: Contract, w: Wallet): Contract;
  stop(): Promise<void>;
}

export function at(
  name: ContractName,
  address: string,
  runner: Wallet | JsonRpcProvider,
): Contract {
  return new Contract(address, loadArtifact(name).abi as InterfaceAbi, runner);
}

/**
 * An anvil with the DEX deployed on `network`. The first file of a test run deploys it and saves
 * it (the run's state cache); the next ones restore it as it was just after the deploy.
 */
export async function startFixture(
  port: number,
  network: NetworkConfig = testNetwork(),
): Promise<Fixture> {
  const baseFunding = 100_000n * 10n ** 18n;
  const cache = testRunCache('fixture');
  const key = cache?.key('fixture', { network, baseFunding });
  const hit = key ? cache?.find('fixture', key) : undefined;
  const anvil = await startAnvil({
    port,
    chainId: 31337,
    ...(hit ? { args: ['--load-state', hit.stateFile] } : {}),
  });
  try {
    let config: NetworkConfig;
    if (hit) {
      config = { ...hit.meta.config, nodeUrl: anvil.url, nodeUrls: [anvil.url] };
    } else {
      config = await deployNetwork({
        network,
        rpcUrl: anvil.url,
        devAccounts: ANVIL_ACCOUNTS,
        baseFunding,
      });
      if (cache && key) await cache.save('fixture', key, anvil.url, { config });
    }
    const provider = new JsonRpcProvider(anvil.url, undefined, {
      staticNetwork: true,
      pollingInterval: 50,
      cacheTimeout: -1,
    });
    // A restored chain's next block at the wall clock, as a fresh chain's would be.
    if (hit) await provider.send('evm_mine', []);
    const wallets: Wallet[] = ANVIL_KEYS.map((k) => new PaddedWallet(k, provider));
    const w0 = wallets[0]!;
    const tokens: Record<string, Contract> = {};
    for (const t of Object.values(config.tokens)) {
      tokens[t.symbol] = at(t.isBase ? 'WrappedBase' : 'TaxedToken', t.address, w0);
    }
    const addr = (symbol: string) => {
      const t = config.tokens[symbol];
      if (!t) throw new Error(`unknown token ${symbol}`);
      return t.address;
    };
    const pairs = new Map<string, Contract>();
    return {
      anvil,
      provider,
      config,
      wallets,
      factory: at('JMSwapFactory', config.exchange.FACTORY_ADDRESS, w0),
      router: at('JMSwapRouter', config.exchange.ROUTER_ADDRESS, w0),
      liquidityRouter: at('JMSwapLiquidityRouter', config.exchange.LIQUIDITY_ROUTER, w0),
      info: at('JMSwapInfo', config.exchange.SWAP_API, w0),
      wbase: tokens[config.baseToken]!,
      tokens,
      addr,
      pair(a, b) {
        const pool = config.pools.find(
          (p) => (p.symbolA === a && p.symbolB === b) || (p.symbolA === b && p.symbolB === a),
        );
        if (!pool) throw new Error(`no pool ${a}/${b}`);
        let c = pairs.get(pool.address);
        if (!c) pairs.set(pool.address, (c = at('JMSwapPair', pool.address, w0)));
        return c;
      },
      as: (c, w) => c.connect(w) as Contract,
      async stop() {
        provider.destroy();
        await anvil.stop();
      },
    };
  } catch (e) {
    await anvil.stop();
    throw e;
  }
}

/** Sends and waits for the receipt by polling (automining anvil). */
export interface Receipt {
  blockNumber: string;
  logs: Array<{ address: string; topics: string[]; data: string }>;
  /** gasUsed * effectiveGasPrice, in wei. */
  fee: bigint;
}

export async function send(p: Promise<ContractTransactionResponse>): Promise<Receipt> {
  const tx = await p;
  const provider = tx.provider as JsonRpcProvider;
  const giveUp = Date.now() + 30_000;
  for (;;) {
    if (Date.now() > giveUp) throw new Error(`no receipt for ${tx.hash} (nonce ${tx.nonce})`);
    const r = (await provider.send('eth_getTransactionReceipt', [tx.hash])) as {
      status: string;
      blockNumber: string;
      logs: Receipt['logs'];
      gasUsed: string;
      effectiveGasPrice: string;
    } | null;
    if (r) {
      if (BigInt(r.status) !== 1n) {
        // Replay to get the reason.
        let reason = 'unknown reason';
        try {
          await provider.call({
            to: tx.to,
            from: tx.from,
            data: tx.data,
            value: tx.value,
            blockTag: BigInt(r.blockNumber) - 1n,
          });
        } catch (e) {
          reason = (e as Error).message;
        }
        throw new Error(
          `transaction ${tx.hash} reverted (gas limit ${tx.gasLimit}, used ${BigInt(r.gasUsed)}): ${reason}`,
        );
      }
      return {
        blockNumber: r.blockNumber,
        logs: r.logs,
        fee: BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice),
      };
    }
    await new Promise((res) => setTimeout(res, 5));
  }
}

/** Expects a call or transaction to revert with `reason` (e.g. "JMSwap: EXPIRED"). */
export async function expectRevert(p: Promise<unknown>, reason: string): Promise<void> {
  let error: unknown;
  try {
    await p;
  } catch (e) {
    error = e;
  }
  if (!error) throw new Error(`expected a revert with "${reason}", but it succeeded`);
  const err = error as { reason?: string | null; shortMessage?: string; message?: string };
  const text = `${err.reason ?? ''} ${err.shortMessage ?? ''} ${err.message ?? ''}`;
  if (!text.includes(reason))
    throw new Error(`expected revert "${reason}", got: ${err.shortMessage ?? err.message}`);
}

export async function approveAll(f: Fixture, w: Wallet, spender: string): Promise<void> {
  for (const t of Object.values(f.tokens)) {
    await send(f.as(t, w).getFunction('approve')(spender, MaxUint256));
  }
}

export const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 3600);

/** Balance of a token (or the base coin when symbol is the base and native is true). */
export async function bal(f: Fixture, symbol: string, who: string): Promise<bigint> {
  return (await f.tokens[symbol]!.getFunction('balanceOf')(who)) as bigint;
}
