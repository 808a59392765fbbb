// Which version of each remote this page runs, and the way down when one fails: the chosen
// version (the canary's for this browser's bucket, else the listed one), then the listed one,
// then fallbackVersion. A failure of any load of a remote (a screen, another remote's load of
// it) moves that remote one step down, once, and is reported to the operators (failover.ts,
// loaded only when something fails).
import { versionsToTry, type RemoteEntry, type RemoteKey, type RemotesFile } from './remotesFile';
import { canaryBucket } from './canary';
import { expectVersion } from './integrity';

export interface Choice {
  entry: RemoteEntry;
  versions: string[];
  at: number;
}

const choices = new Map<RemoteKey, Choice>();

/** The versions of `key` this page tries, and which it is on (failover.ts moves it on). */
export const choiceOf = (key: RemoteKey): Choice | undefined => choices.get(key);

/** Starts every remote of `file` at its chosen version; returns them for registration. */
export function chooseVersions(file: RemotesFile): Partial<Record<RemoteKey, string>> {
  const bucket = canaryBucket();
  for (const [key, entry] of Object.entries(file) as [RemoteKey, RemoteEntry][]) {
    const versions = versionsToTry(entry, bucket);
    choices.set(key, { entry, versions, at: 0 });
    for (const v of versions) expectVersion(key, entry.base, v, entry.integrity[v]);
  }
  return currentVersions();
}

export const currentVersion = (key: RemoteKey): string | undefined => {
  const choice = choices.get(key);
  return choice?.versions[choice.at];
};

export const currentVersions = (): Partial<Record<RemoteKey, string>> =>
  Object.fromEntries([...choices].map(([k, c]) => [k, c.versions[c.at]]));

/** The remote a federation name belongs to ("mfe_pools" -> "pools"). */
export const remoteOfName = (name: string): RemoteKey | undefined =>
  [...choices].find(([, c]) => c.entry.name === name)?.[0];

/** The version a manifest url of `key` names. */
export function versionOfManifest(key: RemoteKey, url: string | undefined): string | undefined {
  const base = choices.get(key)?.entry.base;
  if (!base || !url?.startsWith(`${base}/`)) return undefined;
  return url.slice(base.length + 1).split('/')[0];
}
