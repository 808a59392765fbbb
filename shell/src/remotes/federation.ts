import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import {
  parseRemotesFile,
  toFederationRemotes,
  type RemoteKey,
  type RemotesFile,
} from './remotesFile';

let registered: RemotesFile = {};

/** Reads /config/remotes.json (never cached) and registers the remotes with the federation runtime. */
export async function registerRemotesFromConfig(
  only?: readonly RemoteKey[],
  url = '/config/remotes.json',
): Promise<RemotesFile> {
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Could not load ${url} (HTTP ${res.status})`);
  const file = parseRemotesFile(await res.json());
  registered = Object.fromEntries(
    Object.entries(file).filter(([k]) => !only || only.includes(k as RemoteKey)),
  );
  registerRemotes(toFederationRemotes(registered));
  return registered;
}

export type ScreenModule<P> = { default: ComponentType<P> };

/**
 * Loads one exposed screen. On retry the remote is registered again with `force`, which drops
 * the runtime's cached (failed) entry so a remote that came back loads without a page reload.
 */
export async function loadScreen<P>(
  remote: RemoteKey,
  expose: string,
  retry = false,
): Promise<ComponentType<P>> {
  const entry = registered[remote];
  if (!entry) throw new Error(`The ${remote} feature is not configured`);
  if (retry) registerRemotes(toFederationRemotes({ [remote]: entry }), { force: true });
  const mod = await loadRemote<ScreenModule<P>>(`${entry.name}/${expose}`);
  if (!mod?.default) throw new Error(`${entry.name}/${expose} did not load`);
  return mod.default;
}
