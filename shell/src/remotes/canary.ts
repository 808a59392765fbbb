const KEY = 'jmswap.canaryBucket';

/**
 * This browser's canary bucket, 0-99, kept in localStorage so a browser stays on the version it
 * got: remotes.json's `canary.percent` of browsers (those below it) run the canary version.
 * A missing or tampered value is drawn again; without storage, each page load draws.
 */
export function canaryBucket(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeStorage(),
): number {
  const kept = storage?.getItem(KEY);
  if (kept && /^\d{1,2}$/.test(kept)) return Number(kept);
  const bucket = crypto.getRandomValues(new Uint8Array(1))[0]! % 100;
  try {
    storage?.setItem(KEY, String(bucket));
  } catch {
    // Storage full or refused: this page load still has its bucket.
  }
  return bucket;
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
