import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { startAnvil, type AnvilInstance } from './anvil';
import { LOCAL_CONFIG_PATH, readProductionConfig } from './config/production';
import {
  EVM_NETWORK_IDS,
  NETWORK_IDS,
  type EvmNetworkId,
  type NetworkId,
  type NetworksFile,
} from './config/types';
import { ANVIL_ACCOUNTS, deployNetwork, type HistoryOptions } from './deploy/deployNetwork';
import { LARGE_NETWORKS, seedLargeProfile } from './deploy/largeProfile';
import { StateCache, ago, type StateCacheOptions } from './state-cache';
import { startTronNetwork } from './tron/index';
import { startRelay } from './walletconnect/relay';

export interface ChainSpec {
  port: number;
  chainId: number;
  /** Base coin per dev account, in base units. */
  baseFunding: bigint;
}

const E18 = 10n ** 18n;

/** The four local EVM chains. TRON (port 8545, chain id 728126428) is the TRON devnode's. */
export const DEVNET_CHAINS: Record<EvmNetworkId, ChainSpec> = {
  BSC: { port: 8546, chainId: 31056, baseFunding: 10_000n * E18 },
  POLY: { port: 8547, chainId: 31137, baseFunding: 1_000_000n * E18 },
  // BTTC's fixed gas price is 1e15 wei: ~300 BTT per transaction.
  BTTC: { port: 8548, chainId: 31199, baseFunding: 10_000_000_000n * E18 },
  ETH: { port: 8549, chainId: 31001, baseFunding: 10_000n * E18 },
};

/**
 * 40 swaps over every pool plus 100 on each featured pool over three weeks: the featured charts
 * show three weeks of 4-hour candles (a swap about every 5 hours; empty buckets repeat the close).
 */
export const DEFAULT_HISTORY: HistoryOptions = { swaps: 40, days: 21, featuredSwaps: 100 };
/** Where `npm start` serves the api (written as every network's api.url). */
export const DEFAULT_API_URL = 'http://localhost:8070';

export interface DevnetOptions {
  /** Networks to start (default all five). */
  networks?: NetworkId[];
  /** Per-network port overrides (tests use ports away from the devnet's). */
  ports?: Partial<Record<EvmNetworkId, number>>;
  /** TRON devnode and its anvil ports (default 8090 and 8545). */
  tronPorts?: { node?: number; anvil?: number };
  /** Past swaps to seed per network; false for none. Default DEFAULT_HISTORY. */
  history?: HistoryOptions | false;
  /** The api's url written into every network's config (default DEFAULT_API_URL). */
  apiUrl?: string;
  /** Where to write the local networks.json; false to skip. Default .run/config/networks.json. */
  configPath?: string | false;
  /** Dev accounts (default anvil's first 10). */
  devAccounts?: string[];
  /**
   * Restore each chain from the state saved by an earlier start with the same code and options
   * (.run/devnet-state/), and save it after a fresh deploy. Default off: tests get fresh chains
   * (or their run's cache, testRunCache).
   */
  stateCache?: boolean | StateCacheOptions | StateCache;
  /**
   * "large": BSC and TRON get 1 000 tokens and some 1 400 pools, spam included, on
   * top of the usual seed (deploy/largeProfile.ts); the other networks are as by default.
   */
  profile?: DevnetProfile;
  /**
   * The mobile wallet's relay: networks.json gets `walletConnect` (a local project id and
   * ws://localhost:<relayPort>), and the relay (src/walletconnect) starts unless `startRelay`
   * is false (the e2e spec that uses it runs its own, to stop and start it).
   */
  walletConnect?: { relayPort: number; startRelay?: boolean };
  log?: (line: string) => void;
}

/** What the local relay accepts as project id (any non-empty id does). */
export const LOCAL_WALLETCONNECT_PROJECT_ID = 'jmswap-local';
/** Where `npm start` runs the WalletConnect relay. */
export const DEFAULT_RELAY_PORT = 8086;

export type DevnetProfile = 'default' | 'large';

/** Does the profile seed the large set on this network? */
const isLarge = (profile: DevnetProfile | undefined, id: NetworkId) =>
  profile === 'large' && (LARGE_NETWORKS as readonly string[]).includes(id);

export interface Devnet {
  config: NetworksFile;
  stop(): Promise<void>;
}

/**
 * Starts the local chains, deploys and seeds the DEX on each, writes the `local` networks.json
 * and resolves with it. stop() ends every chain this call started.
 */
export async function startDevnet(opts: DevnetOptions = {}): Promise<Devnet> {
  const log = opts.log ?? (() => {});
  const wanted = new Set<NetworkId>(opts.networks ?? NETWORK_IDS);
  const production = readProductionConfig();
  const devAccounts = opts.devAccounts ?? ANVIL_ACCOUNTS;
  const history = opts.history === undefined ? DEFAULT_HISTORY : opts.history || undefined;
  const stoppers: Array<() => Promise<void>> = [];
  const stop = async () => {
    const all = stoppers.splice(0);
    await Promise.allSettled(all.map((s) => s()));
  };

  const cache =
    opts.stateCache instanceof StateCache
      ? opts.stateCache
      : opts.stateCache
        ? new StateCache({ log, ...(opts.stateCache === true ? {} : opts.stateCache) })
        : undefined;

  const networks = structuredClone(production.networks);
  try {
    const jobs: Array<Promise<void>> = [];
    for (const id of EVM_NETWORK_IDS) {
      if (!wanted.has(id)) continue;
      const spec = DEVNET_CHAINS[id];
      const port = opts.ports?.[id] ?? spec.port;
      jobs.push(
        (async () => {
          const large = isLarge(opts.profile, id);
          // The large chain is saved apart: switching profiles does not seed either again.
          const slot = large ? `${id}.large` : id;
          const key = cache?.key(slot, {
            network: production.networks[id],
            spec,
            devAccounts,
            history: history ?? null,
            ...(large ? { profile: 'large' } : {}),
          });
          const hit = key ? cache?.find(slot, key) : undefined;
          const days = history?.days ?? 0;
          const anvil: AnvilInstance = await startAnvil({
            port,
            chainId: spec.chainId,
            ...(hit
              ? { args: ['--load-state', hit.stateFile] }
              : { timestamp: Math.floor(Date.now() / 1000) - days * 86400 - 7200 }),
          });
          stoppers.push(anvil.stop);
          log(`${id}: anvil on ${anvil.url} (chain id ${spec.chainId})`);
          if (hit) {
            await mineAtWallClock(anvil.url);
            networks[id] = { ...hit.meta.config, nodeUrl: anvil.url, nodeUrls: [anvil.url] };
            log(`${id}: restored the seeded chain saved ${ago(hit.meta.createdAt)}`);
            return;
          }
          networks[id] = await deployNetwork({
            network: production.networks[id],
            rpcUrl: anvil.url,
            devAccounts,
            baseFunding: spec.baseFunding,
            history,
            log,
          });
          if (large)
            networks[id] = await seedLargeProfile({
              network: networks[id],
              rpcUrl: anvil.url,
              deployer: ANVIL_ACCOUNTS[0]!,
              devAccounts,
              log,
            });
          if (cache && key) await cache.save(slot, key, anvil.url, { config: networks[id] });
        })(),
      );
    }
    if (wanted.has('TRON')) {
      jobs.push(
        (async () => {
          const started = await startTronNetwork({
            network: production.networks.TRON,
            devAccounts,
            ...(opts.tronPorts?.node ? { port: opts.tronPorts.node } : {}),
            ...(opts.tronPorts?.anvil ? { anvilPort: opts.tronPorts.anvil } : {}),
            ...(history ? { history } : {}),
            ...(cache ? { stateCache: cache } : {}),
            ...(isLarge(opts.profile, 'TRON') ? { large: true } : {}),
            log,
          });
          stoppers.push(started.stop);
          networks.TRON = started.config;
          log(`TRON: node on ${started.config.nodeUrl}`);
        })(),
      );
    }
    const results = await Promise.allSettled(jobs);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (e) {
    await stop();
    throw e;
  }

  for (const id of NETWORK_IDS) {
    if (!wanted.has(id)) continue;
    networks[id].api = { ...networks[id].api, url: opts.apiUrl ?? DEFAULT_API_URL };
    Object.assign(networks[id], localNodes(networks[id]));
  }
  const config: NetworksFile = {
    profile: 'local',
    version: `devnet-${new Date().toISOString()}`,
    networks,
  };
  if (opts.walletConnect) {
    const { relayPort, startRelay: start = true } = opts.walletConnect;
    config.walletConnect = {
      projectId: LOCAL_WALLETCONNECT_PROJECT_ID,
      relayUrl: `ws://localhost:${relayPort}`,
    };
    if (start) {
      try {
        const relay = await startRelay({ port: relayPort });
        stoppers.push(() => relay.stop());
        log(`WalletConnect relay on ${relay.url}`);
      } catch (e) {
        await stop();
        throw e;
      }
    }
  }
  const configPath = opts.configPath === undefined ? LOCAL_CONFIG_PATH : opts.configPath;
  if (configPath) {
    mkdirSync(dirname(configPath), { recursive: true });
    writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
    log(`config written to ${configPath}`);
  }
  return { config, stop };
}

/**
 * The local chains mine a block per transaction (and the TRON devnode an empty one when asked for
 * a head older than 30 s), so they have no block time: the api's indexer polls them every second
 * where it has no subscription. anvil serves WebSocket on its HTTP port: its `ws://` url is in
 * `nodeUrls` too, for the api to follow new heads by `eth_subscribe` (browsers skip it).
 */
export const LOCAL_BLOCK_TIME_MS = 1000;

function localNodes(network: NetworksFile['networks'][NetworkId]) {
  const http = network.nodeUrl;
  const ws = network.platform === 'evm' ? [http.replace(/^http/, 'ws')] : [];
  return { nodeUrls: [http, ...ws], blockTimeMs: LOCAL_BLOCK_TIME_MS };
}

/**
 * One empty block: a restored chain's head is then as recent as a fresh one's (anvil stamps new
 * blocks with the wall clock).
 */
async function mineAtWallClock(url: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
  });
  const body = (await res.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`evm_mine: ${body.error.message}`);
}

/**
 * The command line's options (`npm start` uses none; `npm run start:prod` runs the chains away
 * from npm start's ports): `--ports BSC=7546,POLY=7547,BTTC=7548,ETH=7549,TRON=7090,TRON_ANVIL=7545,WC_RELAY=7086`
 * (any subset; the WalletConnect relay runs on DEFAULT_RELAY_PORT unless WC_RELAY names one), `--config FILE` (where networks.json goes), `--api-url URL` (every network's
 * api.url), `--fresh`, `--profile large` (or JMSWAP_PROFILE=large: BSC and TRON with a thousand
 * pools).
 */
export function parseDevnetArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): DevnetOptions & { fresh: boolean } {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
    return v;
  };
  const opts: DevnetOptions & { fresh: boolean } = {
    fresh: argv.includes('--fresh'),
    walletConnect: { relayPort: DEFAULT_RELAY_PORT },
  };
  const ports = value('--ports');
  if (ports !== undefined) {
    const evm: Partial<Record<EvmNetworkId, number>> = {};
    const tron: { node?: number; anvil?: number } = {};
    for (const pair of ports.split(',')) {
      const [name, text] = pair.split('=');
      const port = Number(text);
      if (!Number.isInteger(port) || port <= 0 || port > 65535)
        throw new Error(`--ports: "${pair}" is not NAME=PORT`);
      if (name === 'TRON') tron.node = port;
      else if (name === 'TRON_ANVIL') tron.anvil = port;
      else if (name === 'WC_RELAY') opts.walletConnect = { relayPort: port };
      else if ((EVM_NETWORK_IDS as readonly string[]).includes(name ?? ''))
        evm[name as EvmNetworkId] = port;
      else
        throw new Error(
          `--ports: unknown chain "${name}" (${[...EVM_NETWORK_IDS, 'TRON', 'TRON_ANVIL', 'WC_RELAY'].join(', ')})`,
        );
    }
    opts.ports = evm;
    opts.tronPorts = tron;
  }
  const config = value('--config');
  if (config !== undefined) opts.configPath = config;
  const apiUrl = value('--api-url');
  if (apiUrl !== undefined) opts.apiUrl = apiUrl;
  const profile = value('--profile') ?? env.JMSWAP_PROFILE;
  if (profile !== undefined && profile !== '') {
    if (profile !== 'default' && profile !== 'large')
      throw new Error(`--profile: "${profile}" is not default or large`);
    opts.profile = profile;
  }
  return opts;
}

/** `npm run devnet`: start everything, print the urls, stay up until Ctrl-C. */
export async function runDevnetCli(): Promise<void> {
  const started = Date.now();
  const stamp = () => `[${((Date.now() - started) / 1000).toFixed(1)}s]`;
  let devnet: Devnet | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('devnet: stopping');
    await devnet?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));
  let options: ReturnType<typeof parseDevnetArgs>;
  try {
    options = parseDevnetArgs(process.argv.slice(2), process.env);
  } catch (e) {
    console.error(`devnet: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
  const { fresh, ...devnetOptions } = options;
  try {
    devnet = await startDevnet({
      ...devnetOptions,
      // --fresh: deploy and seed again even when a saved chain matches (and save the new one).
      stateCache: { refresh: fresh },
      log: (line) => console.log(`${stamp()} ${line}`),
    });
  } catch (e) {
    console.error('devnet failed:', e instanceof Error ? (e.stack ?? e.message) : e);
    await shutdown(1);
    return;
  }
  console.log('');
  for (const id of NETWORK_IDS) {
    const n = devnet.config.networks[id];
    const configured = n.exchange.FACTORY_ADDRESS !== '';
    console.log(
      `  ${id.padEnd(5)} ${configured ? `${n.nodeUrl.padEnd(24)} chainId ${n.chainId}` : 'network not configured'}`,
    );
  }
  const wc = devnet.config.walletConnect;
  if (wc) console.log(`  WalletConnect relay ${wc.relayUrl} (npm run wallet -- <wc: link>)`);
  console.log(`  config ${devnetOptions.configPath || LOCAL_CONFIG_PATH}`);
  console.log(`devnet ready in ${((Date.now() - started) / 1000).toFixed(1)} s (Ctrl-C to stop)`);
}
