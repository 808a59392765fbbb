import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { currentVersion, remoteOfName, versionOfManifest } from '../remotes/versions';

/**
 * When a remote's version fails to load (server down, manifest 404, integrity, version skew),
 * the same load is tried again on its next version (remotes/versions.ts), whoever asked for it:
 * a screen of the shell or another remote (the swap box's chart, from the charts remote). When
 * none is left, the error reaches the asker's error boundary (RemoteArea: message and Retry).
 */
export default function remoteFailoverPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'jmswap-remote-failover',
    async errorLoadRemote(args) {
      // Other lifecycles (a manifest fetch) end in this one for the same load.
      if (args.lifecycle !== 'onLoad') return undefined;
      const key = remoteOfName(String(args.id).split('/')[0] ?? '');
      if (!key) return undefined;
      const entry = (args.remote as { entry?: string } | undefined)?.entry;
      const failed = versionOfManifest(key, entry) ?? currentVersion(key);
      if (!failed) return undefined;
      const { failOver } = await import(
        /* webpackChunkName: "remote-failover" */ '../remotes/failover'
      );
      if (!(await failOver(key, failed, args.error))) return undefined;
      return args.origin.loadRemote(args.id);
    },
  };
}
