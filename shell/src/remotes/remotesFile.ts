/** A remote as remotes.json lists it; the manifest lives at `${base}/${version}/mf-manifest.json`. */
export interface RemoteEntry {
  name: string;
  base: string;
  version: string;
}

export type RemoteKey = 'swap' | 'liquidity' | 'charts' | 'pools' | 'listing';
export const REMOTE_KEYS: readonly RemoteKey[] = [
  'swap',
  'liquidity',
  'charts',
  'pools',
  'listing',
];

export type RemotesFile = Partial<Record<RemoteKey, RemoteEntry>>;

const VERSION = /^[0-9A-Za-z.+-]+$/;

/**
 * Validates remotes.json. Versions must be concrete folder names (no "latest", no ranges)
 * so a feature always points at one immutable build.
 */
export function parseRemotesFile(input: unknown): RemotesFile {
  const remotes = (input as { remotes?: unknown } | null)?.remotes;
  if (!remotes || typeof remotes !== 'object')
    throw new Error('remotes.json has no "remotes" object');
  const out: RemotesFile = {};
  for (const key of REMOTE_KEYS) {
    const entry = (remotes as Record<string, unknown>)[key] as Partial<RemoteEntry> | undefined;
    if (!entry) continue;
    if (
      typeof entry.name !== 'string' ||
      typeof entry.base !== 'string' ||
      typeof entry.version !== 'string'
    ) {
      throw new Error(`remotes.json: "${key}" needs name, base and version`);
    }
    if (!VERSION.test(entry.version) || entry.version === 'latest') {
      throw new Error(
        `remotes.json: "${key}" version "${entry.version}" is not a released version folder`,
      );
    }
    if (!/^https?:\/\//.test(entry.base))
      throw new Error(`remotes.json: "${key}" base must be an http(s) url`);
    out[key] = { name: entry.name, base: entry.base.replace(/\/+$/, ''), version: entry.version };
  }
  return out;
}

export const manifestUrl = (entry: RemoteEntry): string =>
  `${entry.base}/${entry.version}/mf-manifest.json`;

/** The federation runtime's remote list; the widget registers only the swap remote. */
export function toFederationRemotes(
  file: RemotesFile,
  only?: readonly RemoteKey[],
): { name: string; entry: string }[] {
  return REMOTE_KEYS.filter((k) => file[k] && (!only || only.includes(k))).map((k) => {
    const entry = file[k] as RemoteEntry;
    return { name: entry.name, entry: manifestUrl(entry) };
  });
}
