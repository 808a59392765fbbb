/**
 * Version skew between the shell and a remote, read from the federation runtime's error when a
 * remote requires a shared singleton (shared-chain, React) the page does not provide
 * (mf-config/src/shared.js: singleton + strictVersion + ^<built-against>).
 */
export interface VersionSkew {
  /** The shared module, e.g. "@jmswap/shared-chain". */
  module: string;
  /** What the page provides, e.g. "3.1.0". */
  provided: string;
  /** What the remote was built against, e.g. "^3.2.0". */
  required: string;
  /** True when the remote needs a newer site (it was built after the shell); false when it is the older one. */
  needsNewerSite: boolean;
}

// @module-federation/runtime-core utils/share.js words it this way (2.x).
const SINGLETON_MISMATCH =
  /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^\s)]+)/;

const parts = (version: string): number[] =>
  (/(\d+)\.(\d+)\.(\d+)/.exec(version) ?? []).slice(1, 4).map(Number);

/** a > b by major, then minor, then patch. */
function isNewer(a: number[], b: number[]): boolean {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

export function readVersionSkew(message: string): VersionSkew | undefined {
  const m = SINGLETON_MISMATCH.exec(message);
  if (!m) return undefined;
  const [, provided, module, required] = m as unknown as [string, string, string, string];
  return {
    module,
    provided,
    required,
    needsNewerSite: isNewer(parts(required), parts(provided)),
  };
}

/** The operators' console line: which module, what the remote needs, what the page has. */
export const skewReport = (remote: string, version: string, skew: VersionSkew): string =>
  `[jmswap] ${remote} ${version} needs ${skew.module} ${skew.required}; this site provides ${skew.provided}`;
