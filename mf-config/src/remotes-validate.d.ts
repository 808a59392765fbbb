export type RemoteKey = 'swap' | 'liquidity' | 'charts' | 'pools' | 'listing';

/** A share of users that gets another version of a remote (0 < percent < 100). */
export interface RemoteCanary {
  version: string;
  percent: number;
}

/** A remote as remotes.json lists it; the manifest lives at `${base}/${version}/mf-manifest.json`. */
export interface RemoteEntry {
  name: string;
  base: string;
  version: string;
  /**
   * The last good version (`npm run remote:use` keeps the one it replaces), same rules as
   * `version`: the shell may load it when `version` fails. Present only when valid.
   */
  fallbackVersion?: string;
  /** Present only when valid; an invalid canary is dropped with a problem. */
  canary?: RemoteCanary;
  /**
   * Per version, the SHA-384 ("sha384-<base64>") of its release.json: the shell runs no code of
   * a version that has no pin here, or whose record or files do not match (`remote:use` writes it).
   */
  integrity: Record<string, string>;
  /**
   * Per pinned version, the files of the shell's screens (remote entry, first chunks, styles) by
   * name with their release record's SHA-384: preloaded by the html's head script at once.
   * Present only when valid; never trusted beyond a preload (the runtime checks the record).
   */
  preload?: Record<string, Record<string, string>>;
}

export type RemotesFile = Partial<Record<RemoteKey, RemoteEntry>>;

/** A skipped entry of remotes.json (or a dropped fallbackVersion or canary of a kept one) and why. */
export interface RemoteProblem {
  key: string;
  message: string;
  /** The entry's base is not on allowedOrigins, or not written in canonical form. */
  refused?: true;
}

export declare const REMOTE_KEYS: readonly RemoteKey[];
export declare function versionProblem(version: unknown): string | undefined;
export declare function canaryProblem(canary: unknown, version: string): string | undefined;
export declare function validateRemoteEntry(
  key: string,
  raw: unknown,
):
  | { ok: true; entry: RemoteEntry; /** dropped optional parts */ problems: string[] }
  | { ok: false; message: string; refused?: true };
export declare function parseRemotesFile(input: unknown): {
  remotes: RemotesFile;
  problems: RemoteProblem[];
  /** The valid origins of `"allowedOrigins"`; an entry whose base is elsewhere is refused. */
  allowedOrigins: string[];
};
/** The canary's version for browsers whose bucket (0-99) is below its percent, else `version`. */
export declare function chosenVersion(entry: RemoteEntry, bucket: number): string;
/** The chosen version, then the listed one, then fallbackVersion, without repeats. */
export declare function versionsToTry(entry: RemoteEntry, bucket: number): string[];
/** `${base}/${version}/mf-manifest.json`; `version` defaults to the entry's own. */
export declare function manifestUrl(entry: RemoteEntry, version?: string): string;
export declare function toFederationRemotes(
  file: RemotesFile,
  only?: readonly RemoteKey[],
  versions?: Partial<Record<RemoteKey, string>>,
): { name: string; entry: string }[];
/**
 * The folders (`${base}/${version}/`) of the versions of `entry` the shell may run that
 * remotes.json pins: where the page's policy lets scripts and stylesheets come from.
 */
export declare function pinnedFolders(entry: RemoteEntry): string[];
