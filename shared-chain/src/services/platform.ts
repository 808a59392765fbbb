import type { NetworkConfig, Platform } from '../config/types';
import { evmAdapter } from '../adapters/evm';
import type { ChainReader, PlatformAdapter } from '../adapters/types';

export const TRON_NOT_AVAILABLE = 'TRON support is not available in this build';

let tronAdapter: Promise<PlatformAdapter | undefined> | undefined;

/** Test hook: replace the TRON adapter loader (or undefined to restore the lazy import). */
let tronLoader: (() => Promise<{ tronAdapter?: PlatformAdapter }>) | undefined;
export function setTronAdapterLoader(
  loader: (() => Promise<{ tronAdapter?: PlatformAdapter }>) | undefined,
): void {
  tronLoader = loader;
  tronAdapter = undefined;
}

/**
 * The TRON adapter, loaded lazily so pages that only use EVM networks never load tronweb.
 * Undefined (logged once) while the module is missing or fails to load.
 */
function loadTron(): Promise<PlatformAdapter | undefined> {
  tronAdapter ??= (
    tronLoader ??
    (() =>
      import(/* webpackChunkName: "shared-chain-tron" */ '../adapters/tron') as Promise<{
        tronAdapter?: PlatformAdapter;
      }>)
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

/** The adapter of a platform; rejects with "TRON support is not available ..." when it cannot load. */
export async function adapterFor(platform: Platform): Promise<PlatformAdapter> {
  if (platform === 'evm') return evmAdapter;
  const tron = await loadTron();
  if (!tron) throw new Error(TRON_NOT_AVAILABLE);
  return tron;
}

const readers = new Map<string, ChainReader>();

/** One reader per network (and node url): its caches are shared by every remote. */
export async function readerFor(network: NetworkConfig): Promise<ChainReader> {
  const key = `${network.id}@${network.nodeUrl}@${network.exchange.SWAP_API}`;
  const cached = readers.get(key);
  if (cached) return cached;
  const reader = (await adapterFor(network.platform)).createReader(network);
  readers.set(key, readers.get(key) ?? reader);
  return readers.get(key) as ChainReader;
}

/** Clears every reader's caches (network change, after a transaction). */
export function resetReaders(): void {
  for (const reader of readers.values()) reader.reset();
}

/** Test hook: drop the readers. */
export function forgetReaders(): void {
  readers.clear();
}
