import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * When a remote cannot be loaded (server down, manifest 404, script error), report it and let
 * the failure reach the remote's own error boundary instead of the whole page.
 */
export default function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'jmswap-offline-remote',
    errorLoadRemote(args) {
      console.warn(`[jmswap] remote ${args.id} failed during ${args.lifecycle}`, args.error);
      // Returning nothing keeps the error: RemoteArea shows its fallback with a Retry button.
      return undefined;
    },
  };
}
