import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NetworkConfig, NetworkId, NetworksFile } from './types';

/** /work/main (the monorepo root), from devnet/src/config. */
export const REPO_ROOT = join(__dirname, '..', '..', '..');
export const PRODUCTION_CONFIG_PATH = join(
  REPO_ROOT,
  'shared-chain',
  'config',
  'networks.production.json',
);
/** Where the devnet writes the `local` profile. */
export const LOCAL_CONFIG_PATH = join(REPO_ROOT, '.run', 'config', 'networks.json');

/** networks.production.json, read as JSON (the single source of truth for tokens and pools). */
export function readProductionConfig(path = PRODUCTION_CONFIG_PATH): NetworksFile {
  return JSON.parse(readFileSync(path, 'utf8')) as NetworksFile;
}

export function productionNetwork(id: NetworkId): NetworkConfig {
  const network = readProductionConfig().networks[id];
  if (!network) throw new Error(`networks.production.json has no ${id} entry`);
  return structuredClone(network);
}
