// What happens when a remote's version fails to load, loaded only then (it is not part of any
// first load): what made it fail, the report to the operators, and the next version to try.
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { toFederationRemotes, type RemoteKey } from './remotesFile';
import { absolute, folderOf, recordHash, sha384 } from './integrity';
import { reportToOperators, type ReportKind } from './report';
import { readVersionSkew, skewReport, type VersionSkew } from './skew';
import { choiceOf } from './versions';

const URLS = /https?:\/\/[^\s"'()<>]+/g;

function messages(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    parts.push(e instanceof Error ? e.message : String(e));
  return parts.join('\n');
}

/**
 * Whether a load failure of `version` was an integrity failure, and what: a refusal recorded
 * here, or a file named in the error that is not served as its record says (other bytes, or
 * an HTTP error; a script the browser refused for its integrity only says "failed to load").
 */
export async function integrityFailure(
  base: string,
  version: string,
  error: unknown,
): Promise<string | undefined> {
  const folder = folderOf(base, version);
  if (!folder) return undefined;
  if (folder.failure) return folder.failure;
  const named = [...new Set(messages(error).match(URLS) ?? [])]
    .filter((u) => absolute(u).startsWith(folder.url))
    .slice(0, 3);
  for (const url of named) {
    const expected = recordHash(url);
    const res = await fetch(url, { cache: 'no-store' }).catch(() => undefined);
    if (!res) continue; // no answer: the host or the network, not the release
    const file = `${absolute(url).slice(folder.url.length)} of ${folder.remote} ${version}`;
    // A released version's files never change or go away: any other answer means the folder
    // served is not the release.
    if (!res.ok) folder.failure = `${file} answered HTTP ${res.status}, not its released file`;
    else if (!expected || (await sha384(await res.arrayBuffer())) !== expected)
      folder.failure = `${file} does not match its release record`;
    if (folder.failure) return folder.failure;
  }
  return undefined;
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
  const base = choiceOf(key)?.entry.base;
  const integrity = base ? await integrityFailure(base, version, error) : undefined;
  if (integrity) return { kind: 'integrity', cause: integrity };
  return { kind: 'remote-load', cause: message.split('\n')[0] ?? message };
}

/**
 * After `failed` of `key` failed to load: reports it and registers the next version to try.
 * True when there is one (or another load already moved on), false when none is left.
 */
export async function failOver(key: RemoteKey, failed: string, error: unknown): Promise<boolean> {
  const choice = choiceOf(key);
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
