/**
 * The tokens a network offers beyond its config: the ones this browser imported (kept in local
 * storage per profile, network and chain) and the ones a deployment's token lists add, keyed by
 * address beside the listed tokens (never replacing one). `withExtraTokens` is the network as
 * every screen and service sees it.
 *
 * This part is in every page's first load and stays plain: state, storage and the merge's cache.
 * Checking what storage holds (addresses by their checksum, texts, decimals) and the merge
 * itself are tokenChecks.ts, a chunk loaded only when a network has extra tokens to merge: a
 * page of a browser that imported nothing never loads it.
 */
import { BehaviorSubject } from 'rxjs';
import type { NetworkConfig, NetworkId, NetworkProfile, TokenConfig } from './types';
import type { ImportedToken } from './tokenChecks';

export type { ImportedToken } from './tokenChecks';
export const IMPORTED_TOKENS_STORAGE_KEY = 'JMSWAP_IMPORTED_TOKENS';
/** A browser keeps at most this many imported tokens per network (the oldest go first). */
export const MAX_IMPORTED_PER_NETWORK = 200;

/** The part of the config the scope of a browser's imports depends on. */
export interface ImportScope {
  profile: NetworkProfile;
  network: Pick<NetworkConfig, 'id' | 'chainId' | 'platform'>;
}

/** Imports of one profile, network and chain: a local devnet's tokens are not production's. */
const scopeKey = ({ profile, network }: ImportScope) =>
  `${profile}:${network.id}:${network.chainId}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Every scope's stored imports, as stored (checked by tokenChecks when read). */
export function readStoredImports(): Record<string, unknown> {
  try {
    const raw = storage()?.getItem(IMPORTED_TOKENS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Scopes whose last write failed (quota, privacy mode): their imports live in this page only. */
const unsaved = new Set<string>();

function writeImportedTokens(scope: ImportScope, tokens: readonly ImportedToken[]): void {
  try {
    const all = readStoredImports();
    all[scopeKey(scope)] = tokens.slice(-MAX_IMPORTED_PER_NETWORK);
    storage()?.setItem(IMPORTED_TOKENS_STORAGE_KEY, JSON.stringify(all));
    unsaved.delete(scopeKey(scope));
  } catch {
    unsaved.add(scopeKey(scope)); // the import lasts for this page
  }
}

type TokenChecks = typeof import('./tokenChecks');
let checks: TokenChecks | undefined;
let checksLoading: Promise<TokenChecks> | undefined;

/** Bumped on every change of the extra tokens: screens re-render, caches key on it. */
export const extraTokensVersion$ = new BehaviorSubject(0);
const bump = () => extraTokensVersion$.next(extraTokensVersion$.getValue() + 1);

/**
 * The checks and the merge (their own chunk). Screens re-render once they arrive (a new
 * version); a failed load is tried again by the next caller.
 */
export function loadTokenChecks(): Promise<TokenChecks> {
  checksLoading ??= import(/* webpackChunkName: "token-checks" */ './tokenChecks').then(
    (loaded) => {
      checks = loaded;
      bump();
      return loaded;
    },
    (error: unknown) => {
      checksLoading = undefined;
      console.warn('[shared-chain] imported tokens could not load', error);
      throw error;
    },
  );
  return checksLoading;
}

/** Imported tokens as checked, by scope (read from storage once per page, then kept here). */
const imported = new Map<string, ImportedToken[]>();
/** Token list tokens by network (set by the token list loader). */
const listed = new Map<NetworkId, TokenConfig[]>();
/** Whether storage holds anything for a scope (read once per page: screens ask every render). */
const storedAny = new Map<string, boolean>();

/** Does this scope have anything to merge (stored imports, list tokens)? Plain reads only. */
function hasExtraTokens(scope: ImportScope): boolean {
  const key = scopeKey(scope);
  const known = imported.get(key);
  if ((listed.get(scope.network.id) ?? []).length > 0) return true;
  if (known !== undefined) return known.length > 0;
  let stored = storedAny.get(key);
  if (stored === undefined) {
    const list = readStoredImports()[key];
    stored = list !== undefined && (!Array.isArray(list) || list.length > 0);
    storedAny.set(key, stored);
  }
  return stored;
}

function importsOf(scope: ImportScope, loaded: TokenChecks): ImportedToken[] {
  const key = scopeKey(scope);
  let list = imported.get(key);
  if (list === undefined) {
    list = loaded.checkImportedTokens(scope.network.platform, readStoredImports()[key]);
    imported.set(key, list);
  }
  return list;
}

/**
 * Are the extra tokens of this network still loading (the checks' chunk is on its way)? A
 * screen that restores a token from its URL waits for them, so an imported token is not cleared.
 */
export function extraTokensPending(network: NetworkConfig, profile: NetworkProfile): boolean {
  // A network the file does not configure has nothing to merge (its screen says so).
  if (checks !== undefined || network === undefined || !hasExtraTokens({ profile, network }))
    return false;
  void loadTokenChecks().catch(() => undefined);
  return true;
}

/** Resolves once the network's extra tokens are merged (at once when it has none). */
export async function extraTokensReady(
  network: NetworkConfig,
  profile: NetworkProfile,
): Promise<void> {
  if (extraTokensPending(network, profile)) await loadTokenChecks().catch(() => undefined);
}

/**
 * A scope's imports as storage holds them now, so a change made here keeps what another tab of
 * this browser imported or removed since this page read them; with this page's unsaved ones.
 */
function currentImports(scope: ImportScope, loaded: TokenChecks): ImportedToken[] {
  const key = scopeKey(scope);
  const stored = loaded.checkImportedTokens(scope.network.platform, readStoredImports()[key]);
  const pageOnly = unsaved.has(key)
    ? (imported.get(key) ?? []).filter((t) => !stored.some((s) => s.address === t.address))
    : [];
  return [...stored, ...pageOnly];
}

/** Keeps a token for this browser (replacing an earlier import of the same address). */
export async function addImportedToken(scope: ImportScope, token: ImportedToken): Promise<void> {
  const loaded = await loadTokenChecks();
  const address = loaded.canonicalAddress(scope.network.platform, token.address);
  if (address === undefined) throw new TypeError(`not an address: ${token.address}`);
  const next = [
    ...currentImports(scope, loaded).filter((t) => t.address !== address),
    { ...token, address },
  ];
  imported.set(scopeKey(scope), next);
  writeImportedTokens(scope, next);
  bump();
}

export async function removeImportedToken(scope: ImportScope, address: string): Promise<void> {
  const next = currentImports(scope, await loadTokenChecks()).filter((t) => t.address !== address);
  imported.set(scopeKey(scope), next);
  writeImportedTokens(scope, next);
  bump();
}

/** Another tab imported or removed a token: screens show this browser's imports as stored. */
function onStorage(event: StorageEvent): void {
  if (event.key !== IMPORTED_TOKENS_STORAGE_KEY && event.key !== null) return;
  for (const key of [...imported.keys()]) if (!unsaved.has(key)) imported.delete(key);
  storedAny.clear();
  bump();
}
globalThis.addEventListener?.('storage', onStorage);

/** The tokens the deployment's lists give a network (replacing the ones given before). */
export function setListTokens(network: NetworkId, tokens: readonly TokenConfig[]): void {
  listed.set(network, [...tokens]);
  bump();
}

/** Test hook: forget what was loaded (storage is read again). */
export function resetExtraTokens(): void {
  imported.clear();
  unsaved.clear();
  storedAny.clear();
  listed.clear();
  bump();
}

const merged = new WeakMap<NetworkConfig, { version: number; network: NetworkConfig }>();
/** The config network each merged one was made from. */
const configs = new WeakMap<NetworkConfig, NetworkConfig>();

/**
 * The network as its config has it, without extra tokens: what the readers are built on (pools
 * of listed tokens come from the swap-info listing; others only from the factory).
 */
export const configNetworkOf = (network: NetworkConfig): NetworkConfig =>
  configs.get(network) ?? network;

/**
 * The network with its extra tokens after its listed ones (tokenChecks.mergeExtraTokens). The
 * same object while nothing changed; the config's own while there is nothing to merge or the
 * checks are still loading (extraTokensPending says which).
 */
export function withExtraTokens(network: NetworkConfig, profile: NetworkProfile): NetworkConfig {
  const version = extraTokensVersion$.getValue();
  const known = merged.get(network);
  if (known !== undefined && known.version === version) return known.network;
  if (extraTokensPending(network, profile)) return network;
  const scope = { profile, network };
  const result =
    checks !== undefined && hasExtraTokens(scope)
      ? checks.mergeExtraTokens(network, listed.get(network.id) ?? [], importsOf(scope, checks))
      : network;
  merged.set(network, { version, network: result });
  if (result !== network) configs.set(result, network);
  return result;
}
