export type RemoteKey = 'swap' | 'liquidity' | 'charts' | 'pools' | 'listing';

/** A remote as remotes.json lists it; the manifest lives at `${base}/${version}/mf-manifest.json`. */
export interface RemoteEntry {
  name: string;
  base: string;
  version: string;
}

export type RemotesFile = Partial<Record<RemoteKey, RemoteEntry>>;

/** A skipped entry of remotes.json and why. */
export interface RemoteProblem {
  key: string;
  message: string;
}

export declare const REMOTE_KEYS: readonly RemoteKey[];
export declare function versionProblem(version: unknown): string | undefined;
export declare function validateRemoteEntry(
  key: string,
  raw: unknown,
): { ok: true; entry: RemoteEntry } | { ok: false; message: string };
export declare function parseRemotesFile(input: unknown): {
  remotes: RemotesFile;
  problems: RemoteProblem[];
};
export declare function manifestUrl(entry: RemoteEntry): string;
export declare function toFederationRemotes(
  file: RemotesFile,
  only?: readonly RemoteKey[],
): { name: string; entry: string }[];
