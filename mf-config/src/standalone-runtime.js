// A remote's own dev page (dist/<version>/index.html) has no shell to lend it the federation
// runtime: remotes are built with `externalRuntime` (their remoteEntry.js uses the host's
// runtime instead of carrying a ~20 KiB gzip copy), so this small bundle provides it there.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
