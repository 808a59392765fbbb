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
    beforePreloadRemote({ preloadOps }) {
      // A remote's stylesheets are inserted by its own webpack runtime, which runs a chunk only
      // once its sheet has loaded (mf-config/src/remote-integrity.js). A <link rel=stylesheet>
      // the federation runtime put in first would be taken as loaded at once: the screen could
      // paint unstyled. (The html's head script preloads the route's sheets; that link is reused.)
      for (const op of preloadOps) {
        const keep = op.filter;
        op.filter = (url) => !/\.css(\?|$)/.test(url) && (keep ? keep(url) : true);
      }
    },
    createLink({ url, attrs }) {
      const integrity = integrityOf(url);
      // The runtime applies attrs to the link it creates (a preload of a script or style).
      if (integrity && attrs) Object.assign(attrs, { integrity, crossorigin: 'anonymous' });
      return undefined;
    },
  };
}
