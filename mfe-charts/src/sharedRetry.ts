import { getInstance } from '@module-federation/enhanced/runtime';

interface ShareEntry {
  loaded?: boolean;
  lib?: unknown;
  loading?: Promise<unknown> | null;
}
type ShareScopes = Record<string, Record<string, Record<string, ShareEntry> | undefined>>;

/**
 * Module Federation's runtime (2.9) keeps a shared module's failed load in the page's share
 * scopes: once Highcharts' download failed (the connection dropped while it came), every later
 * import of it fails at once, without a request, until the page is reloaded
 * (module-federation/core#5068, not released yet). This forgets such a load once it has failed,
 * so the next import downloads it again; a load still under way, or one that succeeds, is left.
 */
export function forgetFailedShareLoads(
  pkg: string,
  scopes = getInstance()?.shareScopeMap as ShareScopes | undefined,
): void {
  for (const scope of Object.values(scopes ?? {}))
    for (const entry of Object.values(scope[pkg] ?? {})) {
      const { loading } = entry;
      if (!loading || entry.loaded || entry.lib) continue;
      loading.then(undefined, () => {
        if (entry.loading === loading) delete entry.loading;
      });
    }
}
