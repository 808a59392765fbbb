/**
 * When this browser's last swap or liquidity change landed on each network. The api's answers
 * may be kept by the browser (max-age) and by the api clients in memory; an answer read before
 * the user's own trade would hide it (My trades without it, the price and volume of before) for
 * up to a minute, even across a reload. So for a while after a landing every read asks the api
 * again (a revalidation: 304 when nothing changed), and screens read again a few times while the
 * api's indexer catches up with the chain.
 *
 * Kept in localStorage, not in a module: every remote bundles its own copy of the api clients,
 * and the other tabs of the browser show the same figures. Read as untrusted input.
 */
import { NETWORK_IDS, type NetworkId } from '../config/types';
import { LANDED_EVENT, LANDED_KEY_PREFIX } from './noteLanded';

export { LANDED_EVENT, LANDED_KEY_PREFIX, noteLanded } from './noteLanded';

/**
 * When screens read again after a landing (ms after it). The api stores a trade once its block
 * is deep enough not to be undone: about 4 s on BSC, 24 s on Ethereum, 32 s on Polygon and BTTC,
 * 57 s on TRON (its solidified blocks); at once on the local chains.
 */
export const READ_AGAIN_AFTER_LANDED_MS = [4_000, 12_000, 30_000, 60_000, 90_000] as const;

/** An answer read before this long after a landing may not have it yet. */
export const SETTLED_AFTER_LANDED_MS = READ_AGAIN_AFTER_LANDED_MS[4];

/** A stored time this far ahead of the clock is not believed (another tab's clock, or junk). */
const FUTURE_SLACK_MS = 60_000;

/** A network's stored time when it is a believable ms time (any tab writes it; junk is none). */
function stored(network: NetworkId, now: number): number | undefined {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(LANDED_KEY_PREFIX + network);
  } catch {
    return undefined;
  }
  const at = raw !== null && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(at) && at > 0 && at <= now + FUTURE_SLACK_MS ? at : undefined;
}

/** When the last landing on `network` was (on any network without one); undefined: none. */
export function landedAt(network?: NetworkId, now: number = Date.now()): number | undefined {
  if (network) return stored(network, now);
  let latest: number | undefined;
  for (const id of NETWORK_IDS) {
    const at = stored(id, now);
    if (at !== undefined && (latest === undefined || at > latest)) latest = at;
  }
  return latest;
}

/** Reads this close together after a landing share one answer (screens asking at once). */
const SHARED_READ_MS = 2_000;

/**
 * How an answer kept for `maxAgeMs` (by the browser and in memory) is read now: `revalidate`
 * while one kept from before a landing could still be served; `keeps(readAt)`: whether a copy in
 * memory read then may be used (read once the landing settled, or since it and only just now).
 */
export function freshnessAfterLanding(
  network: NetworkId | undefined,
  maxAgeMs: number,
  now: number = Date.now(),
): { revalidate: boolean; keeps: (readAt: number) => boolean } {
  const at = landedAt(network, now);
  if (at === undefined) return { revalidate: false, keeps: () => true };
  const settled = at + SETTLED_AFTER_LANDED_MS;
  return {
    revalidate: now < settled + maxAgeMs,
    keeps: (readAt) => readAt >= settled || (readAt > at && now - readAt < SHARED_READ_MS),
  };
}

/**
 * Calls `readAgain` at each READ_AGAIN_AFTER_LANDED_MS after a landing on `network` that is
 * still to come: one before this call (a trade made on another page) and each one while
 * subscribed, in this page or another tab. Returns the unsubscribe.
 */
export function onLandedReadAgain(
  network: NetworkId,
  readAgain: () => void,
  now: () => number = Date.now,
): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let scheduled = 0;
  const schedule = (at: number) => {
    // Each landing once (told twice, or read from storage and then told), and only a believable
    // time: the event is any script's to send.
    if (at <= scheduled || !Number.isSafeInteger(at) || at > now() + FUTURE_SLACK_MS) return;
    scheduled = at;
    for (const after of READ_AGAIN_AFTER_LANDED_MS) {
      const wait = at + after - now();
      if (wait < 0) continue;
      const timer = setTimeout(() => {
        timers.delete(timer);
        readAgain();
      }, wait);
      timers.add(timer);
    }
  };
  const before = landedAt(network, now());
  if (before !== undefined) schedule(before);
  const inPage = (event: Event) => {
    const detail = (event as CustomEvent<{ network?: unknown; at?: unknown }>).detail;
    if (detail?.network === network && typeof detail.at === 'number') schedule(detail.at);
  };
  const otherTab = (event: StorageEvent) => {
    if (event.key !== LANDED_KEY_PREFIX + network) return;
    const at = landedAt(network, now());
    if (at !== undefined) schedule(at);
  };
  globalThis.addEventListener?.(LANDED_EVENT, inPage);
  globalThis.addEventListener?.('storage', otherTab);
  return () => {
    timers.forEach(clearTimeout);
    globalThis.removeEventListener?.(LANDED_EVENT, inPage);
    globalThis.removeEventListener?.('storage', otherTab);
  };
}
