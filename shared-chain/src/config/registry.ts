import { BehaviorSubject } from 'rxjs';
import { t } from '@lingui/core/macro';
import { parseNetworksFile } from './schema';
import type { NetworkConfig, NetworkId, NetworksFile, TokenConfig } from './types';
import { withExtraTokens } from './extraTokens';

export type NetworksState =
  | { status: 'loading' }
  | { status: 'ready'; file: NetworksFile }
  | { status: 'error'; message: string };

/** The loaded networks.json, shared by every remote (shared-chain is a singleton). */
export const networks$ = new BehaviorSubject<NetworksState>({ status: 'loading' });

let pending: Promise<NetworksFile> | undefined;

/** Loads /config/networks.json once per page; later callers get the same promise. */
export function loadNetworks(
  url = '/config/networks.json',
  fetchImpl: typeof fetch = fetch,
): Promise<NetworksFile> {
  // Default cache mode: the server marks /config/* no-cache (always revalidated), and this mode
  // lets the request use the html's <link rel="preload"> that fetched it beside the scripts.
  pending ??= fetchImpl(url)
    .then(async (res) => {
      const status = res.status;
      if (!res.ok) throw new Error(t`Could not load network configuration (HTTP ${status})`);
      return parseNetworksFile(await res.json());
    })
    .then(
      (file) => {
        networks$.next({ status: 'ready', file });
        loadListsOf(file);
        return file;
      },
      (error: unknown) => {
        pending = undefined;
        const message = error instanceof Error ? error.message : String(error);
        networks$.next({ status: 'error', message });
        throw error;
      },
    );
  return pending;
}

/** The networks' token lists, in their own chunk (only when a network has some). */
function loadListsOf(file: NetworksFile): void {
  const withLists = Object.values(file.networks).filter((n) => (n.tokenLists ?? []).length > 0);
  if (withLists.length === 0) return;
  void import(/* webpackChunkName: "token-lists" */ '../services/tokenLists').then(
    ({ loadTokenLists }) => Promise.all(withLists.map((n) => loadTokenLists(n))),
    (error: unknown) => console.warn('[shared-chain] token lists could not load', error),
  );
}

/** Test and tooling hook: use an already parsed file. */
export function setNetworks(file: NetworksFile): void {
  pending = Promise.resolve(file);
  networks$.next({ status: 'ready', file });
}

/** A network of the file as every screen sees it: its listed tokens, then the extra ones. */
export const networkOf = (file: NetworksFile, id: NetworkId): NetworkConfig =>
  withExtraTokens(file.networks[id], file.profile);

export function getNetworkConfig(id: NetworkId): NetworkConfig | undefined {
  const state = networks$.getValue();
  return state.status === 'ready' ? networkOf(state.file, id) : undefined;
}

export function tokensOf(network: NetworkConfig): TokenConfig[] {
  return Object.values(network.tokens);
}
