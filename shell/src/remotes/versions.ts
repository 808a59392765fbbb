// Which version of each remote this page runs, and the way down when one fails: the chosen
// version (the canary's for this browser's bucket, else the listed one), then the listed one,
// then fallbackVersion. A failure of any load of a remote (a screen, another remote's load of
// it) moves that remote one step down, once, and is reported to the operators.
import { registerRemotes } from '@module-federation/enhanced/runtime';
import {
  toFederationRemotes,
  versionsToTry,
  type RemoteEntry,
  type RemoteKey,
  type RemotesFile,
} from './remotesFile';
import { canaryBucket } from './canary';
import { expectVersion, integrityFailure } from './integrity';
import { reportToOperators, type ReportKind } from './report';
import { readVersionSkew, skewReport, type VersionSkew } from './skew';

interface Choice {
  entry: RemoteEntry;
  versions: string[];
  at: number;
}

const choices = new Map<RemoteKey, Choice>();

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

export interface LoadFailure {
  kind: ReportKind;
  cause: string;
  skew?: VersionSkew;
}

/** What made `version` of `key` fail: integrity, version skew, or loading itself. */
export async function classifyFailure(
  key: RemoteKey,
  version: string,
  error: unknown,
): Promise<LoadFailure> {
  const message = error instanceof Error ? error.message : String(error);
  const skew = readVersionSkew(message);
  if (skew) return { kind: 'version-skew', cause: skewReport(key, version, skew), skew };
  const base = choices.get(key)?.entry.base;
  const integrity = base ? await integrityFailure(base, version, error) : undefined;
  if (integrity) return { kind: 'integrity', cause: integrity };
  return { kind: 'remote-load', cause: message.split('\n')[0] ?? message };
}

/**
 * After `failed` of `key` failed to load: reports it and registers the next version to try.
 * True when there is one (or another load already moved on), false when none is left.
 */
export async function failOver(key: RemoteKey, failed: string, error: unknown): Promise<boolean> {
  const choice = choices.get(key);
  if (!choice) return false;
  if (choice.versions[choice.at] !== failed) return true;
  const failure = await classifyFailure(key, failed, error);
  if (choice.versions[choice.at] !== failed) return true;
  console.error(`[jmswap] ${key} ${failed}: ${failure.kind}: ${failure.cause}`);
  reportToOperators({ kind: failure.kind, remote: key, version: failed, cause: failure.cause });
  if (choice.at + 1 >= choice.versions.length) return false;
  choice.at += 1;
  const next = choice.versions[choice.at]!;
  const what = next === choice.entry.fallbackVersion ? 'its fallbackVersion' : 'version';
  console.warn(`[jmswap] ${key} ${failed} failed to load; using ${what} ${next}`);
  // force drops what the runtime kept of the failed version (its entry and modules).
  registerRemotes(toFederationRemotes({ [key]: choice.entry }, undefined, { [key]: next }), {
    force: true,
  });
  return true;
}
