/**
 * Answers the page's head script started before any bundle ran (shell/src/headStart.ts: on
 * /charts, the api's `/v1/info` and the chart's first candles), adopted by the api clients when
 * they ask for exactly the same url. Kept on `window.__jmswapEarly.responses` (the shell's
 * remotes.json and manifests use the same map) because every remote bundles its own copy of
 * these clients: only a global reaches them all.
 */

/** After this long from the page's start an early answer is no longer the page's first: unused. */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

interface EarlyMap {
  responses?: Record<string, Promise<Response> | undefined>;
}

/**
 * The head script's response for `url`, handed out once (a later ask, a refresh, fetches
 * afresh); undefined when there is none or the page is older than EARLY_ANSWER_MAX_AGE_MS.
 */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const early = (globalThis as { __jmswapEarly?: EarlyMap }).__jmswapEarly;
  const response = early?.responses?.[url];
  if (!response) return undefined;
  delete early.responses![url];
  return performance.now() <= EARLY_ANSWER_MAX_AGE_MS ? response : undefined;
}

/**
 * `read` of the head script's response for `url` when there is one, else (and when that one
 * failed in any way: no answer, an error status, an answer `read` refuses) of `fetchIt()`: an
 * early answer is only ever a head start, never a different result.
 */
export async function readEarlyOr<T>(
  url: string,
  read: (response: Promise<Response>) => Promise<T>,
  fetchIt: () => Promise<Response>,
): Promise<T> {
  const early = takeEarlyAnswer(url);
  if (early) {
    try {
      return await read(early);
    } catch {
      // Silent: the normal request below says what is wrong, if anything still is.
    }
  }
  return read(fetchIt());
}
