import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contract, JsonRpcProvider, type InterfaceAbi } from 'ethers';
import { startAnvil, type AnvilInstance } from '../anvil';
import { loadArtifact } from '../artifacts';
import { productionNetwork } from '../config/production';
import type { NetworkConfig, NetworksFile } from '../config/types';
import { startDevnet } from '../devnet';
import {
  ANVIL_ACCOUNTS,
  ARBITRAGE_STEPS,
  BURN_ADDRESS,
  FEE_RECIPIENT,
  RETAXED_TOKENS,
  deployNetwork,
} from './deployNetwork';
import { arbitrageTrade } from './prices';

jest.setTimeout(120_000);

describe('deployNetwork (BSC from networks.production.json)', () => {
  let anvil: AnvilInstance;
  let provider: JsonRpcProvider;
  let config: NetworkConfig;
  const production = productionNetwork('BSC');
  const seen: string[] = [];
  const baseFunding = 12_345n * 10n ** 18n;

  beforeAll(async () => {
    anvil = await startAnvil({
      port: 18605,
      chainId: 31056,
      timestamp: Math.floor(Date.now() / 1000) - 3 * 86400,
    });
    config = await deployNetwork({
      network: production,
      rpcUrl: anvil.url,
      devAccounts: ANVIL_ACCOUNTS,
      baseFunding,
      history: { swaps: 14, days: 2 },
      onContract: (name) => {
        seen.push(name);
      },
    });
    provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
  });
  afterAll(async () => {
    provider?.destroy();
    await anvil?.stop();
  });

  const at = (name: Parameters<typeof loadArtifact>[0], address: string) =>
    new Contract(address, loadArtifact(name).abi as InterfaceAbi, provider);

  test('config is complete', () => {
    expect(config.nodeUrl).toBe(anvil.url);
    expect(config.chainId).toBe(31056);
    // The api url is startDevnet's to write (it knows where the api runs).
    expect(config.api.url).toBe('');
    for (const key of [
      'FACTORY_ADDRESS',
      'ROUTER_ADDRESS',
      'LIQUIDITY_ROUTER',
      'SWAP_API',
    ] as const) {
      expect(config.exchange[key]).toMatch(/^0x[0-9a-fA-F]{40}$/);
    }
    expect(config.exchange.MAX_HOP_LENGTH).toBe(3);
    expect(config.feeRecipient).toBe(FEE_RECIPIENT);
    expect(config.burnAddress).toBe(BURN_ADDRESS);
    expect(Object.keys(config.tokens)).toEqual(Object.keys(production.tokens));
    for (const t of Object.values(config.tokens)) expect(t.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(config.tokens.BNB!.isBase).toBe(true);
    expect(config.pools.map((p) => [p.symbolA, p.symbolB])).toEqual(
      production.pools.map((p) => [p.symbolA, p.symbolB]),
    );
    for (const p of config.pools) expect(p.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(seen).toEqual(
      expect.arrayContaining([
        'JMSwapFactory',
        'JMSwapRouter',
        'JMSwapLiquidityRouter',
        'JMSwapInfo',
        'WrappedBase:WBNB',
        'TaxedToken:O1T',
        'JMSwapPair:BNB/USDT',
      ]),
    );
    expect(seen.filter((s) => s.startsWith('JMSwapPair:'))).toHaveLength(production.pools.length);
  });

  test('tokens carry the configured decimals and taxes; the wrapped base is W + base', async () => {
    for (const t of Object.values(config.tokens)) {
      const c = at(t.isBase ? 'WrappedBase' : 'TaxedToken', t.address);
      expect(await c.getFunction('decimals')()).toBe(BigInt(t.decimals));
      expect(await c.getFunction('symbol')()).toBe(t.isBase ? `W${t.symbol}` : t.symbol);
      if (!t.isBase) {
        // A retaxed token's owner changed its tax after seeding.
        const retaxed = RETAXED_TOKENS.BSC?.[t.symbol];
        expect(await c.getFunction('tax')()).toBe(BigInt(retaxed ?? t.tax));
        const exempt = (retaxed ?? t.tax) > 0 && !t.useNormalRouterForLiquidity;
        expect(await c.getFunction('isExempt')(config.exchange.LIQUIDITY_ROUTER)).toBe(exempt);
      }
    }
  });

  test('every pool has reserves at the seeded prices (BNB ~ 600 USDT)', async () => {
    const router = at('JMSwapRouter', config.exchange.ROUTER_ADDRESS);
    for (const p of config.pools) {
      const [a, b] = (await router.getFunction('getPairBalance')(
        config.tokens[p.symbolA]!.address,
        config.tokens[p.symbolB]!.address,
      )) as [bigint, bigint];
      expect(a).toBeGreaterThan(0n);
      expect(b).toBeGreaterThan(0n);
    }
    const [bnb, usdt] = (await router.getFunction('getPairBalance')(
      config.tokens.BNB!.address,
      config.tokens.USDT!.address,
    )) as [bigint, bigint];
    const price = (usdt * 100n) / bnb; // USDT per BNB, x100 (both 18 decimals)
    expect(price).toBeGreaterThan(50_000n);
    expect(price).toBeLessThan(70_000n);
  });

  test('dev accounts hold base coin and every token', async () => {
    for (const account of ANVIL_ACCOUNTS) {
      expect(await provider.getBalance(account)).toBeGreaterThanOrEqual(baseFunding / 2n);
      for (const t of Object.values(config.tokens)) {
        if (t.isBase) continue;
        expect(await at('TaxedToken', t.address).getFunction('balanceOf')(account)).toBeGreaterThan(
          0n,
        );
      }
    }
  });

  test('history: past swaps spread over the days, chain clock ends near now', async () => {
    const pairIface = at('JMSwapPair', config.pools[0]!.address).interface;
    const swapTopic = pairIface.getEvent('Swap')!.topicHash;
    const logs = await provider.getLogs({ fromBlock: 0, toBlock: 'latest', topics: [swapTopic] });
    // 14, then an arbitrageur's trades on each pool the walk left off its seed prices
    expect(logs.length).toBeGreaterThan(14);
    expect(logs.length).toBeLessThanOrEqual(14 + ARBITRAGE_STEPS * config.pools.length);
    const times = await Promise.all(
      logs.map(async (l) => (await provider.getBlock(l.blockNumber))!.timestamp),
    );
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(86400);
    const latest = (await provider.getBlock('latest'))!.timestamp;
    expect(Math.abs(latest - Date.now() / 1000)).toBeLessThan(120);
  });

  test('history ends with every pool at its seed prices, as arbitrage keeps markets', async () => {
    const router = at('JMSwapRouter', config.exchange.ROUTER_ADDRESS);
    const off: string[] = [];
    for (const p of config.pools) {
      const [tokenA, tokenB] = [config.tokens[p.symbolA]!, config.tokens[p.symbolB]!];
      const [a, b] = (await router.getFunction('getPairBalance')(
        tokenA.address,
        tokenB.address,
      )) as [bigint, bigint];
      // within 0.3% (a retaxed token's tax is not the one the trade was sized for)
      const side = (t: typeof tokenA, reserve: bigint) => ({ ...t, reserve });
      if (arbitrageTrade(side(tokenA, a), side(tokenB, b), undefined, 30n))
        off.push(`${p.symbolA}/${p.symbolB}`);
    }
    expect(off).toEqual([]);
  });
});

describe('startDevnet', () => {
  test('starts one network on a chosen port, writes the local config, stop() ends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-'));
    const configPath = join(dir, 'networks.json');
    const devnet = await startDevnet({
      networks: ['ETH'],
      ports: { ETH: 18606 },
      history: { swaps: 3, days: 1 },
      configPath,
    });
    try {
      const written = JSON.parse(readFileSync(configPath, 'utf8')) as NetworksFile;
      expect(written.profile).toBe('local');
      expect(written.networks.ETH.nodeUrl).toBe('http://127.0.0.1:18606');
      expect(written.networks.ETH.chainId).toBe(31001);
      expect(written.networks.ETH.api.url).toBe('http://localhost:8070');
      expect(written.networks.ETH.exchange.FACTORY_ADDRESS).toBe(
        devnet.config.networks.ETH.exchange.FACTORY_ADDRESS,
      );
      // Networks not started keep their production entry (shown as "network not configured").
      expect(written.networks.BSC.exchange.FACTORY_ADDRESS).toBe('');
      expect(written.networks.TRON.exchange.FACTORY_ADDRESS).toBe('');
    } finally {
      await devnet.stop();
    }
    const alive = await fetch('http://127.0.0.1:18606', { method: 'POST', body: '{}' }).then(
      () => true,
      () => false,
    );
    expect(alive).toBe(false);
  });
});
