import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { integrityOf, verifiedFetch } from '../remotes/integrity';

/**
 * Remote code runs only as released (remotes/integrity.ts): a version's manifest is used once it
 * matches the version's release record, and its entry script and preloads carry the record's
 * hashes as Subresource Integrity. The manifest the html's head script already fetched is used
 * instead of fetched again.
 */
export default function integrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'jmswap-integrity',
    fetch(url) {
      // The typing wants a Response, but the runtime fetches the url itself when the promise
      // gives none (runtime-core's SnapshotHandler: `if (!res || !(res instanceof Response))`).
      return verifiedFetch(url) as Promise<Response>;
    },
    createScript({ url }) {
      const integrity = integrityOf(url);
      if (!integrity) return undefined;
      const script = document.createElement('script');
      script.crossOrigin = 'anonymous';
      script.integrity = integrity;
      script.src = url;
      return script;
    },
    createLink({ url, attrs }) {
      const integrity = integrityOf(url);
      // The runtime applies attrs to the link it creates (a preload of a script or style).
      if (integrity && attrs) Object.assign(attrs, { integrity, crossorigin: 'anonymous' });
      return undefined;
    },
  };
}
