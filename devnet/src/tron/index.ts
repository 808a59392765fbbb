/**
 * TRON on the local devnet: anvil (chain id 728126428, 1 sun = 1 wei) + the devnode (the TRON
 * full-node HTTP API tronweb talks to) + the DEX deployed and seeded with the TRON token set.
 *
 *   startDevnode(...)      devnode over an already running or freshly started anvil (tests)
 *   startTronNetwork(...)  the whole TRON network for `npm run devnet` (the orchestrator imports this)
 */
import { Wallet, type JsonFragment } from 'ethers';
import { loadArtifact, type ContractName } from '../artifacts';
import type { NetworkConfig } from '../config/types';
import { ANVIL_KEY_0, deployNetwork, type HistoryOptions } from '../deploy/deployNetwork';
import { seedLargeProfile } from '../deploy/largeProfile';
import { AnvilRpc, startAnvil, TRON_CHAIN_ID, type AnvilProcess } from './anvil';
import { toBase58, toEvmAddress, toTronHex } from './address';
import { TronDevnode, type DevnodeOptions } from './devnode';
import type { ResourceParams } from './resources';
import { ago, type CachedContract, type StateCache } from '../state-cache';

export { TronDevnode, TronApiError, finalizeTx, intrinsicGas, transactionSize } from './devnode';
export type { DevnodeOptions, TronTx, TronRawData } from './devnode';
export { DEFAULT_RESOURCE_PARAMS } from './resources';
export type { ResourceParams } from './resources';
export { toBase58, toTronHex, toEvmAddress } from './address';
export { startAnvil, TRON_CHAIN_ID } from './anvil';
export { tronLinkInitScript, injectTronLink } from './tronlink-inject';

export const DEFAULT_DEVNODE_PORT = 8090;
export const DEFAULT_TRON_ANVIL_PORT = 8545;
const DAY = 86400;

export interface StartDevnodeOptions {
  /** Use this anvil (JSON-RPC url); otherwise start one on anvilPort. */
  rpcUrl?: string;
  anvilPort?: number;
  /** Genesis timestamp (s) of a freshly started anvil (default: now). */
  genesisTimestamp?: number;
  /**
   * Chain id of a freshly started anvil (default TRON mainnet's 728126428): the genesis block's
   * id ends in it, as on TRON (Nile 3448148188 makes a node of another TRON chain).
   */
  chainId?: number;
  /** State file a freshly started anvil loads (anvil --load-state). */
  loadState?: string;
  /** Devnode HTTP port (default 8090, 0 = any). */
  port?: number;
  host?: string;
  resources?: Partial<ResourceParams>;
  idleBlockMs?: number;
  log?: (line: string) => void;
}

export interface RunningDevnode {
  devnode: TronDevnode;
  /** Devnode url, tronweb's fullHost. */
  url: string;
  rpcUrl: string;
  rpc: AnvilRpc;
  /** Stops the devnode, and anvil if this call started it. */
  stop(): Promise<void>;
}

export async function startDevnode(opts: StartDevnodeOptions = {}): Promise<RunningDevnode> {
  let anvil: AnvilProcess | undefined;
  let rpcUrl = opts.rpcUrl;
  if (!rpcUrl) {
    const a: Parameters<typeof startAnvil>[0] = { port: opts.anvilPort ?? DEFAULT_TRON_ANVIL_PORT };
    if (opts.genesisTimestamp !== undefined) a.timestamp = opts.genesisTimestamp;
    if (opts.chainId !== undefined) a.chainId = opts.chainId;
    if (opts.loadState) a.loadState = opts.loadState;
    anvil = await startAnvil(a);
    rpcUrl = anvil.url;
  }
  const dOpts: DevnodeOptions = { rpcUrl, port: opts.port ?? DEFAULT_DEVNODE_PORT };
  if (opts.host) dOpts.host = opts.host;
  if (opts.resources) dOpts.resources = opts.resources;
  if (opts.idleBlockMs !== undefined) dOpts.idleBlockMs = opts.idleBlockMs;
  if (opts.log) dOpts.log = opts.log;
  const devnode = new TronDevnode(dOpts);
  try {
    await devnode.start();
  } catch (e) {
    await anvil?.stop();
    throw e;
  }
  return {
    devnode,
    url: devnode.url,
    rpcUrl,
    rpc: devnode.rpc,
    stop: async () => {
      await devnode.stop();
      await anvil?.stop();
    },
  };
}

export interface StartTronNetworkOptions {
  /** The production TRON entry (addresses empty). */
  network: NetworkConfig;
  /** Dev accounts (0x, 41-hex or base58) to fund with TRX and every token. */
  devAccounts: string[];
  /** Devnode port (default 8090). */
  port?: number;
  /** anvil port (default 8545). */
  anvilPort?: number;
  /** TRX per dev account, in sun (default 1 000 000 TRX). Keep balances below 2^53 sun. */
  baseFunding?: bigint;
  /** Past swaps to seed (default 40 over 4 days, like the EVM devnet). */
  history?: HistoryOptions;
  resources?: Partial<ResourceParams>;
  /** Restore the seeded chain and the devnode's registry from here, or save them after seeding. */
  stateCache?: StateCache;
  /** The large profile's thousand pools on top (deploy/largeProfile.ts). */
  large?: boolean;
  log?: (line: string) => void;
}

export interface TronNetwork {
  /** The local TRON config: base58 addresses (tokens also carry 41-hex `hex`), nodeUrl = the devnode. */
  config: NetworkConfig;
  devnode: TronDevnode;
  rpcUrl: string;
  stop(): Promise<void>;
}

/** anvil's 10 default accounts (the TRON dev accounts are the same keys). */
const ANVIL_DEFAULT_ACCOUNTS = [
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65',
  '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc',
  '0x976ea74026e726554db657fa54763abd0c3a0aa9',
  '0x14dc79964da2c08b23698b3d3cc7ca32193d9955',
  '0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f',
  '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
];
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Convert every address of a deployed (0x) config to TRON form. */
export function toTronConfig(deployed: NetworkConfig, nodeUrl: string): NetworkConfig {
  const b58 = (a: string | undefined) => (a ? toBase58(a) : '');
  const config: NetworkConfig = structuredClone(deployed);
  config.platform = 'tron';
  config.chainId = TRON_CHAIN_ID;
  config.nodeUrl = nodeUrl;
  config.nodeUrls = [nodeUrl];
  const ex = config.exchange;
  ex.FACTORY_ADDRESS = b58(ex.FACTORY_ADDRESS);
  ex.ROUTER_ADDRESS = b58(ex.ROUTER_ADDRESS);
  ex.LIQUIDITY_ROUTER = b58(ex.LIQUIDITY_ROUTER);
  ex.SWAP_API = b58(ex.SWAP_API);
  for (const t of Object.values(config.tokens)) {
    if (t.address) {
      t.hex = toTronHex(t.address);
      t.address = toBase58(t.address);
    }
  }
  for (const p of config.pools) p.address = b58(p.address);
  if (config.feeRecipient) config.feeRecipient = b58(config.feeRecipient);
  if (config.burnAddress) config.burnAddress = b58(config.burnAddress);
  if (config.api.ownerAddress && /^0x[0-9a-fA-F]{40}$/.test(config.api.ownerAddress))
    config.api.ownerAddress = b58(config.api.ownerAddress);
  return config;
}

/**
 * Start TRON for the devnet: anvil (genesis a few days in the past so history can be seeded), the
 * devnode, and the DEX deployed by deployNetwork with every contract's ABI registered.
 */
export async function startTronNetwork(opts: StartTronNetworkOptions): Promise<TronNetwork> {
  const log = opts.log ?? (() => undefined);
  const history = opts.history ?? { swaps: 40, days: 4 };
  const baseFunding = opts.baseFunding ?? 1_000_000n * 1_000_000n;
  const devAccounts = opts.devAccounts.map((a) => toEvmAddress(a));
  const cache = opts.stateCache;
  const slot = opts.large ? 'TRON.large' : 'TRON';
  const key = cache?.key(slot, {
    network: opts.network,
    devAccounts,
    baseFunding,
    history,
    resources: opts.resources ?? null,
    ...(opts.large ? { profile: 'large' } : {}),
  });
  const hit = key ? cache?.find(slot, key) : undefined;
  const running = await startDevnode({
    anvilPort: opts.anvilPort ?? DEFAULT_TRON_ANVIL_PORT,
    port: opts.port ?? DEFAULT_DEVNODE_PORT,
    ...(hit
      ? { loadState: hit.stateFile }
      : { genesisTimestamp: Math.floor(Date.now() / 1000) - (history.days + 1) * DAY }),
    ...(opts.resources ? { resources: opts.resources } : {}),
    log,
  });
  try {
    const { devnode, rpc } = running;
    const contracts: CachedContract[] = [];
    let deployed: NetworkConfig;
    if (hit) {
      await devnode.registerContracts(
        (hit.meta.contracts ?? []).map((c) => ({
          address: c.address,
          abi: loadArtifact(c.name.split(':')[0] as ContractName).abi as JsonFragment[],
          name: c.name,
        })),
      );
      deployed = hit.meta.config;
      log(`TRON: restored the seeded chain saved ${ago(hit.meta.createdAt)}`);
    } else {
      // anvil's default 10 000 ETH (1e22 wei) would be 1e22 sun: not exact as a JSON number.
      for (const a of new Set([...ANVIL_DEFAULT_ACCOUNTS, ...devAccounts])) {
        await rpc.call('anvil_setBalance', [a, '0x' + baseFunding.toString(16)]);
      }
      const onContract = async (name: string, address: string, abi: unknown[]) => {
        contracts.push({ address, name });
        await devnode.registerContract(address, abi as JsonFragment[], name);
      };
      deployed = await deployNetwork({
        network: opts.network,
        rpcUrl: running.rpcUrl,
        devAccounts,
        baseFunding,
        history,
        gasPrice: 0n,
        log,
        onContract,
      });
      if (opts.large)
        deployed = await seedLargeProfile({
          network: deployed,
          rpcUrl: running.rpcUrl,
          deployer: new Wallet(ANVIL_KEY_0).address,
          devAccounts,
          gasPrice: 0n,
          onContract,
          log,
        });
    }
    // Without seeded history the chain clock is still days behind: bring it to the wall clock.
    const head = await rpc.call<{ timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
    const wall = Math.floor(Date.now() / 1000);
    if (Number(BigInt(head.timestamp)) < wall - 60) {
      await rpc.call('evm_setNextBlockTimestamp', [wall]);
      await rpc.call('evm_mine', []);
    }
    for (const a of new Set([...ANVIL_DEFAULT_ACCOUNTS, ...devAccounts])) {
      const bal = BigInt(await rpc.call<string>('eth_getBalance', [a, 'latest']));
      if (bal > MAX_SAFE) await rpc.call('anvil_setBalance', [a, '0x' + baseFunding.toString(16)]);
      devnode.resources.get(a); // activated accounts
    }
    if (cache && key && !hit)
      await cache.save(slot, key, running.rpcUrl, { config: deployed, contracts });
    const config = toTronConfig(deployed, `http://127.0.0.1:${opts.port ?? DEFAULT_DEVNODE_PORT}`);
    log(
      `TRON: devnode ${running.url}, anvil ${running.rpcUrl}, ${devnode.registry.all().length} contracts registered`,
    );
    return { config, devnode, rpcUrl: running.rpcUrl, stop: running.stop };
  } catch (e) {
    await running.stop();
    throw e;
  }
}
