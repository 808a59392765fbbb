import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contract, JsonRpcProvider, type InterfaceAbi } from 'ethers';
import { loadArtifact } from './artifacts';
import type { NetworkConfig } from './config/types';
import { ANVIL_ACCOUNTS } from './deploy/deployNetwork';
import { startDevnet, type DevnetOptions } from './devnet';
import { toEvmAddress } from './tron/address';

jest.setTimeout(180_000);

const PORTS = { BSC: 18660 };
const TRON_PORTS = { anvil: 18661, node: 18662 };

/** What a user of the chain can observe: code, balances, reserves, history, the head block. */
async function snapshot(rpcUrl: string, config: NetworkConfig) {
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  try {
    const erc20 = loadArtifact('TaxedToken').abi as InterfaceAbi;
    const pairAbi = loadArtifact('JMSwapPair').abi as InterfaceAbi;
    const evm = (a: string) => (a.startsWith('0x') ? a : toEvmAddress(a));
    const contracts = [
      ...Object.values(config.exchange).filter((v): v is string => typeof v === 'string'),
      ...Object.values(config.tokens).map((t) => t.address!),
      ...config.pools.map((p) => p.address!),
    ].map(evm);
    const code = await Promise.all(contracts.map((a) => provider.getCode(a)));
    const balances: Record<string, string> = {};
    for (const t of Object.values(config.tokens)) {
      const token = new Contract(evm(t.address!), erc20, provider);
      for (const account of ANVIL_ACCOUNTS.slice(0, 3)) {
        balances[`${t.symbol}:${account}`] = String(await token.getFunction('balanceOf')(account));
      }
    }
    const base = await Promise.all(
      ANVIL_ACCOUNTS.slice(0, 3).map(async (a) => String(await provider.getBalance(a))),
    );
    const reserves = await Promise.all(
      config.pools.map(async (p) => {
        const pair = new Contract(evm(p.address!), pairAbi, provider);
        return String(await pair.getFunction('getReserves')());
      }),
    );
    const swapTopic = new Contract(contracts[0]!, pairAbi).interface.getEvent('Swap')!.topicHash;
    const swaps = await provider.getLogs({ fromBlock: 0, toBlock: 'latest', topics: [swapTopic] });
    const seededHead = await provider.getBlock(swaps[swaps.length - 1]!.blockNumber);
    return {
      contracts,
      code,
      balances,
      base,
      reserves,
      swaps: swaps.map((l) => `${l.blockNumber}:${l.transactionHash}:${l.data}`),
      seededHead: { hash: seededHead!.hash, timestamp: seededHead!.timestamp },
    };
  } finally {
    provider.destroy();
  }
}

describe('a chain restored from the state cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'devnet-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const start = (lines: string[], extra: Partial<DevnetOptions> = {}) =>
    startDevnet({
      networks: ['BSC', 'TRON'],
      ports: PORTS,
      tronPorts: TRON_PORTS,
      history: { swaps: 12, days: 2, featuredSwaps: 3 },
      configPath: false,
      stateCache: { dir },
      log: (line) => lines.push(line),
      ...extra,
    });

  test('has the contracts, balances, pool reserves and history of the freshly seeded one', async () => {
    const freshLog: string[] = [];
    const fresh = await start(freshLog);
    let before;
    let tronBefore;
    try {
      before = await snapshot(fresh.config.networks.BSC.nodeUrl, fresh.config.networks.BSC);
      tronBefore = await snapshot(
        `http://127.0.0.1:${TRON_PORTS.anvil}`,
        fresh.config.networks.TRON,
      );
    } finally {
      await fresh.stop();
    }
    expect(freshLog.join('\n')).not.toMatch(/restored/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.state.json'))).toHaveLength(2);

    const restoredLog: string[] = [];
    const restored = await start(restoredLog);
    try {
      expect(restoredLog.filter((l) => l.includes('restored the seeded chain'))).toHaveLength(2);
      expect(restored.config.networks.BSC).toEqual(fresh.config.networks.BSC);
      expect(restored.config.networks.TRON).toEqual(fresh.config.networks.TRON);
      const after = await snapshot(
        restored.config.networks.BSC.nodeUrl,
        restored.config.networks.BSC,
      );
      expect(after).toEqual(before);
      expect(after.swaps.length).toBeGreaterThanOrEqual(15);
      expect(after.code.every((c) => c.length > 2)).toBe(true);
      const tronAfter = await snapshot(
        `http://127.0.0.1:${TRON_PORTS.anvil}`,
        restored.config.networks.TRON,
      );
      expect(tronAfter).toEqual(tronBefore);

      // The devnode knows the restored contracts: a pair's ABI and its seeded Swap events.
      const node = restored.config.networks.TRON.nodeUrl;
      const pair = restored.config.networks.TRON.pools[0]!.address!;
      const contract = (await (
        await fetch(`${node}/wallet/getcontract`, {
          method: 'POST',
          body: JSON.stringify({ value: pair, visible: true }),
        })
      ).json()) as { abi?: { entrys: { name?: string }[] } };
      expect(contract.abi?.entrys.some((e) => e.name === 'getReserves')).toBe(true);
      const swapsOnTron = tronAfter.swaps.length;
      expect(swapsOnTron).toBeGreaterThan(0);
    } finally {
      await restored.stop();
    }
  });

  test('a changed option, a damaged entry or an old entry deploys fresh', async () => {
    const lines: string[] = [];
    const other = await start(lines, {
      networks: ['BSC'],
      history: { swaps: 4, days: 1 },
    });
    await other.stop();
    expect(lines.join('\n')).not.toMatch(/restored/);

    // The entry just saved, its meta made unreadable: not used, seeded again.
    const meta = readdirSync(dir).find((f) => f.startsWith('BSC-') && f.endsWith('.meta.json'))!;
    writeFileSync(join(dir, meta), '{');
    const again: string[] = [];
    const third = await start(again, { networks: ['BSC'], history: { swaps: 4, days: 1 } });
    await third.stop();
    expect(again.join('\n')).not.toMatch(/restored/);
    expect(again.join('\n')).toMatch(/BSC: deployed/);

    // The entry saved again, now older than allowed: seeded again (history must end near now).
    const aged: string[] = [];
    const fourth = await start(aged, {
      networks: ['BSC'],
      history: { swaps: 4, days: 1 },
      stateCache: { dir, maxAgeMs: 1 },
    });
    await fourth.stop();
    expect(aged.join('\n')).toMatch(/BSC: saved chain is .* old; seeding again/);
    expect(aged.join('\n')).not.toMatch(/restored/);
  });
});
