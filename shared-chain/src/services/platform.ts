/**
 * Which code serves a network, loaded when first needed so a page that reads no chain (/info,
 * /listing) loads none of it: the light readers (JSON-RPC or the TRON node's HTTP API over fetch,
 * with the small ABI codec) with the first read of their platform; the wallet adapters
 * (connectors, writers and ethers or tronweb) with the first wallet action.
 */
import type { NetworkConfig, Platform } from '../config/types';
import { nodeUrlsOf } from '../config/nodeUrls';
import { configNetworkOf } from '../config/extraTokens';
import type { ChainReader, PlatformAdapter } from '../adapters/types';

export const TRON_NOT_AVAILABLE = 'TRON support is not available in this build';

type AdapterModule = { evmAdapter?: PlatformAdapter; tronAdapter?: PlatformAdapter };

let evmAdapter: Promise<PlatformAdapter> | undefined;
let tronAdapter: Promise<PlatformAdapter | undefined> | undefined;

/** Test hook: replace the TRON adapter loader (or undefined to restore the lazy import). */
let tronLoader: (() => Promise<AdapterModule>) | undefined;
export function setTronAdapterLoader(loader: (() => Promise<AdapterModule>) | undefined): void {
  tronLoader = loader;
  tronAdapter = undefined;
}

/** The EVM wallet adapter (connectors, writer, ethers); a failed load is tried again next time. */
function loadEvm(): Promise<PlatformAdapter> {
  evmAdapter ??= (
    import(/* webpackChunkName: "shared-chain-evm" */ '../adapters/evm') as Promise<AdapterModule>
  ).then(
    (mod) => mod.evmAdapter as PlatformAdapter,
    (error: unknown) => {
      evmAdapter = undefined;
      throw error;
    },
  );
  return evmAdapter;
}

/**
 * The TRON wallet adapter, loaded lazily so pages never load tronweb before a wallet action.
 * Undefined (logged once) while the module is missing or fails to load.
 */
function loadTron(): Promise<PlatformAdapter | undefined> {
  tronAdapter ??= (
    tronLoader ??
    (() =>
      import(
        /* webpackChunkName: "shared-chain-tron" */ '../adapters/tron'
      ) as Promise<AdapterModule>)
  )().then(
    (mod) => {
      if (!mod.tronAdapter) console.error(`[shared-chain] ${TRON_NOT_AVAILABLE}`);
      return mod.tronAdapter;
    },
    (error: unknown) => {
      console.error(`[shared-chain] ${TRON_NOT_AVAILABLE}`, error);
      tronAdapter = undefined;
      return undefined;
    },
  );
  return tronAdapter;
}

/**
 * The wallet adapter of a platform (connect, sign, send); rejects with "TRON support is not
 * available ..." when the TRON one cannot load.
 */
export async function adapterFor(platform: Platform): Promise<PlatformAdapter> {
  if (platform === 'evm') return loadEvm();
  const tron = await loadTron();
  if (!tron) throw new Error(TRON_NOT_AVAILABLE);
  return tron;
}

async function createReader(network: NetworkConfig): Promise<ChainReader> {
  if (network.platform === 'evm') {
    const { EvmReader } = await import(
      /* webpackChunkName: "shared-chain-evm-reader" */ '../adapters/evm/reader'
    );
    return new EvmReader(network);
  }
  const { TronReader } = await import(
    /* webpackChunkName: "shared-chain-tron-reader" */ '../adapters/tron/reader'
  );
  return new TronReader(network);
}

/** One reader per network (and node list), as a promise so concurrent first reads share it. */
const readers = new Map<string, Promise<ChainReader>>();
/** The readers built so far (resetReaders clears their caches). */
const built = new Set<ChainReader>();

/** One reader per network (and node list): its caches are shared by every remote. */
export function readerFor(network: NetworkConfig): Promise<ChainReader> {
  const key = `${network.id}@${nodeUrlsOf(network).join(' ')}@${network.exchange.SWAP_API}`;
  let reader = readers.get(key);
  if (reader === undefined) {
    reader = createReader(configNetworkOf(network)).then(
      (created) => {
        built.add(created);
        return created;
      },
      (error: unknown) => {
        // A chunk that failed to load is asked for again by the next read.
        readers.delete(key);
        throw error;
      },
    );
    readers.set(key, reader);
  }
  return reader;
}

/** When the readers' caches were last cleared (ms), and who hears of it. */
let lastReset = 0;
const resetListeners = new Set<() => void>();

/**
 * Clears every reader's caches (network change, after a transaction). `afterSend`: the page's
 * own swap or liquidity send has ended (landed, failed or was refused in the wallet): a quote
 * made from reserves read before may predate what it did to the pools, so it is never sent
 * (executeSwap) and the screens that show one make it again (onReadersReset). A network change
 * moves no pool: quotes of the old network are refused by their epoch already.
 */
export function resetReaders({ afterSend = false }: { afterSend?: boolean } = {}): void {
  for (const reader of built) reader.reset();
  if (!afterSend) return;
  lastReset = Date.now();
  for (const listener of [...resetListeners]) listener();
}

/** When a send of this page last ended (ms since the epoch; 0: never). */
export const readersResetAt = (): number => lastReset;

/** Calls `listener` after each resetReaders({ afterSend: true }); returns the unsubscribe. */
export function onReadersReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => {
    resetListeners.delete(listener);
  };
}

/** Test hook: drop the readers. */
export function forgetReaders(): void {
  readers.clear();
  built.clear();
}
