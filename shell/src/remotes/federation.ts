import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import {
  parseRemotesFile,
  toFederationRemotes,
  type RemoteEntry,
  type RemoteKey,
  type RemoteProblem,
  type RemotesFile,
} from './remotesFile';
import { REMOTES_URL, takeEarly } from './early';
import { yieldToBrowser } from '../yieldToBrowser';
import type { VersionSkew } from './skew';
import { chooseVersions, currentVersion } from './versions';

let registered: RemotesFile = {};
let problems: RemoteProblem[] = [];
let scope: readonly RemoteKey[] | undefined;
let atLoad: RemotesFile | undefined;

async function fetchRemotesFile(url: string) {
  // Default cache mode: served no-cache (always revalidated), and it can use the html's preload
  // or the head script's fetch.
  const res = await (takeEarly(url) ?? fetch(url));
  if (!res.ok) throw new Error(`Could not load ${url} (HTTP ${res.status})`);
  const json: unknown = await res.json();
  await yieldToBrowser();
  const parsed = parseRemotesFile(json);
  for (const problem of parsed.problems) {
    console.error(`[jmswap] ${problem.message}`);
    if (problem.refused)
      void import(/* webpackChunkName: "remote-failover" */ './report').then(
        ({ reportToOperators }) =>
          reportToOperators({ kind: 'refused-base', remote: problem.key, cause: problem.message }),
      );
  }
  return parsed;
}

const keep = (file: RemotesFile): RemotesFile =>
  Object.fromEntries(
    Object.entries(file).filter(([k]) => !scope || scope.includes(k as RemoteKey)),
  ) as RemotesFile;

/**
 * Reads /config/remotes.json (never cached) and registers the remotes with the federation
 * runtime. A bad entry is skipped and reported; the other remotes still register.
 */
export async function registerRemotesFromConfig(
  only?: readonly RemoteKey[],
  url = REMOTES_URL,
): Promise<RemotesFile> {
  scope = only;
  // Each step in a task of its own: started by main.js with remotes.json already in, they would
  // all run inside main.js's own evaluation task.
  await yieldToBrowser();
  const parsed = await fetchRemotesFile(url);
  atLoad ??= parsed.remotes;
  registered = keep(parsed.remotes);
  problems = parsed.problems;
  await yieldToBrowser();
  registerRemotes(toFederationRemotes(registered, undefined, chooseVersions(registered)));
  return registered;
}

let atBoot: Promise<RemotesFile> | undefined;

/** The page's registration, started by the entry so the app's chunks and remotes.json load together. */
export function registerRemotesAtBoot(): Promise<RemotesFile> {
  atBoot ??= registerRemotesFromConfig();
  return atBoot;
}

/**
 * Fetches a screen's remote entry and chunks without running them, so they arrive while the
 * shell's own chunks load instead of after the first render. Loading the screen later uses them.
 */
export async function warmScreen(remote: RemoteKey, expose: string): Promise<void> {
  const entry = (await registerRemotesAtBoot())[remote];
  if (!entry) return;
  // The manifest check and the preloads in a task after the registration's.
  await yieldToBrowser();
  await preloadRemote([
    {
      nameOrAlias: entry.name,
      exposes: [expose],
      resourceCategory: 'sync',
      share: false,
      depsRemote: false,
    },
  ]);
}

/** Why a configured remote was skipped, for its fallback's details. */
export const remoteProblem = (remote: RemoteKey): string | undefined =>
  problems.find((p) => p.key === remote)?.message;

/**
 * Retry's read of remotes.json (remotes/retry.ts, loaded with the first failure): its remotes
 * become the page's, and `remote`'s entry, if it has a valid one, is returned.
 */
export async function rereadRemotesFile(remote: RemoteKey): Promise<RemoteEntry | undefined> {
  const parsed = await fetchRemotesFile(REMOTES_URL);
  registered = keep(parsed.remotes);
  problems = parsed.problems;
  return registered[remote];
}

/** The remotes of the remotes.json the page loaded with: the server made its policy from them. */
export const remotesAtLoad = (): RemotesFile | undefined => atLoad;

export type ScreenModule<P> = { default: ComponentType<P> };

/** A remote that did not load: which version, and the version skew when that was the cause. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteKey,
    readonly version: string,
    override readonly cause: unknown,
    readonly skew: VersionSkew | undefined,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'RemoteLoadError';
  }
}

/**
 * Loads one exposed screen; with `retry` remotes.json is read and the remote registered again.
 * A version that fails gives way to the next (the listed one after a canary, then
 * fallbackVersion) inside the federation runtime (runtime-plugins/remote-failover.ts), with no
 * error for the user; what reaches here is the failure of the last one.
 */
export async function loadScreen<P>(
  remote: RemoteKey,
  expose: string,
  retry = false,
): Promise<ComponentType<P>> {
  if (retry) {
    const { refreshEntry } = await import(/* webpackChunkName: "remote-failover" */ './retry');
    await refreshEntry(remote);
  }
  const entry = registered[remote];
  if (!entry) throw new Error(remoteProblem(remote) ?? `remotes.json lists no "${remote}" remote`);
  try {
    const mod = await loadRemote<ScreenModule<P>>(`${entry.name}/${expose}`);
    if (!mod?.default) throw new Error(`${entry.name}/${expose} did not load`);
    return mod.default;
  } catch (error) {
    const version = currentVersion(remote) ?? entry.version;
    const { readVersionSkew, skewReport } = await import(
      /* webpackChunkName: "remote-failover" */ './skew'
    );
    const skew = readVersionSkew(error instanceof Error ? error.message : String(error));
    if (skew) console.error(skewReport(remote, version, skew));
    throw new RemoteLoadError(remote, version, error, skew);
  }
}

/** A screen's load begun at boot (startScreen); `Screen` once it has arrived. */
export interface StartedScreen<P> {
  remote: RemoteKey;
  expose: string;
  promise: Promise<ComponentType<P>>;
  Screen?: ComponentType<P>;
}

let started: StartedScreen<never> | undefined;

/**
 * Begins loading the route's screen as soon as the remotes are registered, before React renders
 * the shell: its remote entry and module run while the shell renders, and a screen that has
 * arrived by then draws in the first render instead of after it (RemoteArea takes this load).
 * Only after the shell's own shared modules are in (bootstrap), so the remote borrows them.
 */
export function startScreen(remote: RemoteKey, expose: string): void {
  const load: StartedScreen<never> = { remote, expose, promise: loadScreen<never>(remote, expose) };
  load.promise.then(
    (Screen) => (load.Screen = Screen),
    () => undefined, // RemoteArea reports it where the screen goes
  );
  started = load;
}

/** The load startScreen began for this screen, handed out once (a Retry loads afresh). */
export function takeStartedScreen<P>(
  remote: RemoteKey,
  expose: string,
): StartedScreen<P> | undefined {
  const load = started;
  if (!load || load.remote !== remote || load.expose !== expose) return undefined;
  started = undefined;
  return load as unknown as StartedScreen<P>;
}
