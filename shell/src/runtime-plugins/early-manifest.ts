import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyOnceStarted } from '../remotes/early';

/** A remote manifest the html's head script already fetched is used instead of fetched again. */
export default function earlyManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'jmswap-early-manifest',
    fetch(url) {
      // The typing wants a Response, but the runtime fetches the url itself when the promise
      // gives none (runtime-core's SnapshotHandler: `if (!res || !(res instanceof Response))`).
      return takeEarlyOnceStarted(url) as Promise<Response>;
    },
  };
}
