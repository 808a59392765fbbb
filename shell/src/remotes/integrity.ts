// The shell runs a remote version's code only as it was released. remotes.json (served by the
// shell's own origin) pins each version's release record (release.json) by SHA-384; the record
// gives the SHA-384 of every file of the version. Before the version's manifest is used, the
// record is fetched and checked against the pin, the manifest against the record, and every
// script of the version gets its hash as Subresource Integrity: the entry and its preloads
// through the federation runtime (runtime-plugins/integrity.ts), its own chunks through the
// remote's webpack runtime (mf-config/src/remote-integrity.js reads window.__jmswapIntegrity).
import type { RemoteKey } from './remotesFile';
import { fetchOnceEarlyStarted } from './early';

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
/** Absolute url -> the SHA-384 its verified release record gives it. */
const hashes = new Map<string, string>();
/** The integrity attribute of every file of the versions this page checked, by absolute url. */
const table = (): Record<string, string> => (window.__jmswapIntegrity ??= {});

/** The hash the verified release record of its version gives `url`, if any. */
export const recordHash = (url: string): string | undefined => hashes.get(absolute(url));

/**
 * Version folders a Retry loads afresh. Chromium answers a <script> or stylesheet with the result
 * of an earlier <link rel=preload> of the same url and integrity, a failed one too (the html's
 * head script preloaded the route's remote while its host was down), for the page's life: a Retry
 * once the host is back would fail at once. With a second hash, one nothing matches, beside the
 * file's own in its integrity metadata, each load is a request of its own (SRI takes any hash of
 * the strongest algorithm: the file still has to match its record).
 */
const afresh = new Set<string>();

/** The integrity attribute a file of a checked version gets. */
function integrityValue(at: string): string | undefined {
  const hash = hashes.get(at);
  return hash && [...afresh].some((folder) => at.startsWith(folder)) ? `${hash} ${UNLISTED}` : hash;
}

/** Retry (remotes/retry.ts): `remote`'s files are fetched afresh, never taken from a preload. */
export function loadAfresh(remote: RemoteKey): void {
  for (const folder of folders.values()) if (folder.remote === remote) afresh.add(folder.url);
  // The remote's own chunk loader reads the table when it loads a file.
  for (const at of hashes.keys()) table()[at] = integrityValue(at) as string;
}

/**
 * A version's folder as the browser writes urls (WHATWG-canonical), so that every url of its
 * files, made absolute the same way, starts with it. remotes.json's bases are refused unless
 * written canonically (mf-config's remotes-validate.js); this keeps both sides in one form anyway.
 */
export const folderUrl = (base: string, version: string): string =>
  new URL(`${base}/${version}/`).href;

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

/**
 * Whether `url` may hold remote code: anything not on the page's own origin, and anything under
 * a remote's base (a base may share the page's origin: `https://jmswap.example/remotes/pools`).
 */
function remoteUrl(url: string): boolean {
  const at = new URL(absolute(url));
  if (at.origin !== new URL(document.baseURI).origin) return true;
  for (const folder of folders.values())
    if (at.href.startsWith(new URL('..', folder.url).href)) return true;
  return false;
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
  // No answer at all is the host being down (a load failure, tried again on Retry); an answer
  // without the record is a folder deployed without it.
  const res = await fetchOnceEarlyStarted(url);
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
  for (const [file, hash] of Object.entries(files)) {
    const at = absolute(folder.url + file);
    hashes.set(at, hash);
    table()[at] = integrityValue(at) as string;
  }
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
  const res = await fetchOnceEarlyStarted(url);
  // The federation runtime parses whatever body it is handed, whatever the status: a 404 page
  // that is a manifest naming files elsewhere on the host would be loaded. A file of a pinned
  // version is served as released or the version has failed.
  const file = `${absolute(url).slice(folder.url.length)} of ${folder.remote} ${folder.version}`;
  if (!res.ok) refuse(folder, `${file} answered HTTP ${res.status}, not its released file`);
  const bytes = await res.arrayBuffer();
  const expected = recordHash(url);
  if (!expected || (await sha384(bytes)) !== expected)
    refuse(folder, `${file} does not match its release record`);
  return new Response(bytes, { status: res.status, headers: res.headers });
}

/**
 * The integrity a script, stylesheet or preload the federation runtime adds needs: the hash its
 * verified release record gives it, or one nothing matches (the browser refuses it) for any
 * other url that may be remote code, whatever path it names: a manifest could name an entry
 * outside its version folder. Undefined only for the page's own files.
 */
export function integrityOf(url: string): string | undefined {
  const value = integrityValue(absolute(url));
  if (value) return value;
  return remoteUrl(url) ? UNLISTED : undefined;
}
