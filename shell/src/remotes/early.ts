/** The operators' list of remotes, read at every boot (served no-cache). */
export const REMOTES_URL = '/config/remotes.json';
/** The networks' config, read at every boot (served no-cache); the head script reads it on /charts. */
export const NETWORKS_URL = '/config/networks.json';

/** What the html's head script (headStart.ts) began before any bundle ran. */
export interface EarlyFetches {
  responses: Record<string, Promise<Response>>;
  /** Settles once every fetch the head script will make has started (never rejects). */
  started: Promise<unknown>;
}

declare global {
  interface Window {
    __jmswapEarly?: EarlyFetches;
  }
}

/**
 * The response the head script already started for `url`, handed out once: the first reader
 * gets it instead of a second download, and a Retry later fetches afresh.
 */
export function takeEarly(url: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__jmswapEarly;
  const response = early?.responses[url];
  if (early && response) delete early.responses[url];
  return response;
}

/**
 * `fetch`, but the head script's response when it started one for the url (networks.json on
 * /charts), once; a failed one is fetched again here.
 */
export const fetchOrEarly: typeof fetch = (input, init) => {
  const early = typeof input === 'string' ? takeEarly(input) : undefined;
  return early ? early.catch(() => fetch(input, init)) : fetch(input, init);
};

/**
 * The same, for a url the head script learns only from another response (a remote's manifest
 * and release record, named in remotes.json): waits until it has started its fetches, so the
 * two never race. A head-script fetch that failed (the remote's host was down when the page
 * loaded) is never the answer: it is fetched afresh, so a Retry once the host is back loads
 * (the failed response, if it were taken by a later attempt, would fail that one too).
 */
export async function fetchOnceEarlyStarted(url: string): Promise<Response> {
  const early = typeof window === 'undefined' ? undefined : window.__jmswapEarly;
  if (early) await early.started;
  const response = early ? takeEarly(url) : undefined;
  return response ? response.catch(() => fetch(url)) : fetch(url);
}
