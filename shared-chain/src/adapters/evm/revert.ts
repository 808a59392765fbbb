/**
 * Reading a simulation's revert out of ethers' errors. Only the writer (the lazy send path) uses
 * these: not in helpers.ts, which every page's first load carries.
 */

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
  info?: { error?: unknown };
  error?: unknown;
}

/** A simulation's revert (CALL_EXCEPTION, JSON-RPC 3 / "execution reverted"), not a node failure. */
export function isRevert(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as ErrorLike;
    if (e.code === 'CALL_EXCEPTION' || e.code === 3) return true;
    if (typeof e.message === 'string' && /execution reverted|revert/i.test(e.message)) return true;
    current = e.info?.error ?? e.error;
  }
  return false;
}

/** The revert data (0x hex) of a failed eth_call, looking through ethers' wrappers. */
export function revertDataOf(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as ErrorLike;
    if (typeof e.data === 'string' && /^0x[0-9a-f]*$/i.test(e.data) && e.data.length > 2)
      return e.data;
    current = e.info?.error ?? e.error;
  }
  return undefined;
}
