// The shell runs a remote version's code only as it was released. remotes.json (served by the
// shell's own origin) pins each version's release record (release.json) by SHA-384; the record
// gives the SHA-384 of every file of the version. Before the version's manifest is used, the
// record is fetched and checked against the pin, the manifest against the record, and every
// script of the version gets its hash as Subresource Integrity: the entry and its preloads
// through the federation runtime (runtime-plugins/integrity.ts), its own chunks through the
// remote's webpack runtime (mf-config/src/remote-integrity.js reads window.__jmswapIntegrity).
import type { RemoteKey } from './remotesFile';
import { takeEarlyOnceStarted } from './early';

/** A well-formed SHA-384 no file has: the integrity of a script its record does not list. */
export const UNLISTED = `sha384-${'A'.repeat(64)}`;
const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;

declare global {
  interface Window {
    /** Absolute url -> SRI of every file of the versions this page checked. */
    __jmswapIntegrity?: Record<string, string>;
  }
}

export class IntegrityError extends Error {
  override name = 'IntegrityError';
}

export interface Folder {
  remote: RemoteKey;
  version: string;
  /** `${base}/${version}/` */
  url: string;
  pin: string | undefined;
  record?: Promise<void>;
  /** Why this version's code was refused, once it was. */
  failure?: string;
}

const folders = new Map<string, Folder>();
export const table = (): Record<string, string> => (window.__jmswapIntegrity ??= {});

export const folderUrl = (base: string, version: string): string => `${base}/${version}/`;

/**
 * Declares a version the page may load, with its pin from remotes.json. Declaring it again with
 * another pin (remotes.json changed, Retry) starts its checks afresh.
 */
export function expectVersion(
  remote: RemoteKey,
  base: string,
  version: string,
  pin: string | undefined,
): void {
  const url = folderUrl(base, version);
  const known = folders.get(url);
  if (known && known.pin === pin && !known.failure) return;
  folders.set(url, { remote, version, url, pin });
}

export const absolute = (url: string) => new URL(url, document.baseURI).href;

/** A declared version folder (its checks and why it was refused, if it was). */
export const folderOf = (base: string, version: string): Folder | undefined =>
  folders.get(folderUrl(base, version));

function folderAt(url: string): Folder | undefined {
  const at = absolute(url);
  for (const folder of folders.values()) if (at.startsWith(folder.url)) return folder;
  return undefined;
}

const toBase64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));

export async function sha384(bytes: ArrayBuffer): Promise<string> {
  return `sha384-${toBase64(await crypto.subtle.digest('SHA-384', bytes))}`;
}

function refuse(folder: Folder, why: string): never {
  folder.failure ??= why;
  throw new IntegrityError(why);
}

/**
 * The record's files, when it is a release record of a build whose chunks check their
 * integrity (chunkIntegrity): relative names to SRI hashes.
 */
function recordFiles(bytes: ArrayBuffer): Record<string, string> | undefined {
  try {
    const record = JSON.parse(new TextDecoder().decode(bytes)) as {
      integrity?: unknown;
      chunkIntegrity?: unknown;
    };
    const files = record.integrity;
    if (record.chunkIntegrity !== true || !files || typeof files !== 'object') return undefined;
    const entries = Object.entries(files as Record<string, unknown>);
    const good = entries.every(
      ([name, hash]) =>
        typeof hash === 'string' && SRI.test(hash) && !name.startsWith('/') && !name.includes('..'),
    );
    return good ? (files as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

async function loadRecord(folder: Folder): Promise<void> {
  const name = `${folder.remote} ${folder.version}`;
  if (!folder.pin)
    refuse(folder, `remotes.json pins no release record for ${name} (npm run remote:use pins it)`);
  const url = `${folder.url}release.json`;
  const early = await takeEarlyOnceStarted(url);
  // No answer at all is the host being down (a load failure, tried again on Retry); an answer
  // without the record is a folder deployed without it.
  const res = await (early ? Promise.resolve(early) : fetch(url));
  if (!res.ok) refuse(folder, `the release record of ${name} could not be read (${url})`);
  const bytes = await res.arrayBuffer();
  if ((await sha384(bytes)) !== folder.pin)
    refuse(folder, `the release record of ${name} does not match its pin in remotes.json`);
  const files = recordFiles(bytes);
  if (!files)
    refuse(
      folder,
      `the release record of ${name} lists no valid hashes, or its build predates chunk integrity (release it again)`,
    );
  for (const [file, hash] of Object.entries(files)) table()[absolute(folder.url + file)] = hash;
}

const checkedRecord = (folder: Folder) =>
  (folder.record ??= loadRecord(folder).catch((error: unknown) => {
    if (!folder.failure) folder.record = undefined;
    throw error;
  }));

/**
 * The runtime's fetch of a remote version's file (its manifest): the bytes once they match the
 * release record, or an IntegrityError. Undefined for urls of no declared version.
 */
export async function verifiedFetch(url: string): Promise<Response | undefined> {
  const folder = folderAt(url);
  if (!folder) return undefined;
  await checkedRecord(folder);
  const res = await (takeEarlyOnceStarted(url).then(
    (early) => early ?? fetch(url),
  ) as Promise<Response>);
  if (!res.ok) return res;
  const bytes = await res.arrayBuffer();
  const expected = table()[absolute(url)];
  if (!expected || (await sha384(bytes)) !== expected)
    refuse(
      folder,
      `${url.slice(folder.url.length)} of ${folder.remote} ${folder.version} does not match its release record`,
    );
  return new Response(bytes, { status: res.status, headers: res.headers });
}

/**
 * The integrity a script or preload of a remote needs: its hash, or one nothing matches when
 * the record does not list it. Undefined for urls of no declared version.
 */
export function integrityOf(url: string): string | undefined {
  if (!folderAt(url)) return undefined;
  return table()[absolute(url)] ?? UNLISTED;
}
