/**
 * `GET {api}/v1/info`: per network, each pool's USD figures and each token's USD price, as the
 * product API serves them. Answers that do not fit the schema count as "unavailable", so a bad
 * or half-deployed API never puts wrong numbers on screen.
 */
import * as v from 'valibot';
import { NETWORK_IDS, type NetworkId } from '../config/types';
import { withinAnswerTime } from './answerTime';
import { readEarlyOr } from './early';
import { freshnessAfterLanding } from './landed';

/** How long browsers may keep the answer (the API's max-age for it). */
export const INFO_MAX_AGE_MS = 30_000;

const finite = v.pipe(v.number(), v.finite());
const usd = v.nullable(finite);

export const infoPairSchema = v.object({
  address: v.string(),
  symbolA: v.string(),
  symbolB: v.string(),
  reserveA: v.string(),
  reserveB: v.string(),
  price: finite,
  volume24HUsd: usd,
  liquidityUsd: usd,
  fees24HUsd: usd,
  aprPercent: usd,
  trades24H: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});

export const infoNetworkSchema = v.object({
  pairs: v.array(infoPairSchema),
  tokens: v.record(v.string(), v.object({ priceUsd: usd })),
  jm: v.optional(
    v.object({
      burned: v.string(),
      supply: v.string(),
      circulatingSupply: v.string(),
      priceUsd: usd,
      marketcapUsd: usd,
    }),
  ),
});

export const infoSchema = v.object({
  updatedAt: finite,
  networks: v.record(v.picklist(NETWORK_IDS), infoNetworkSchema),
});

export type ApiInfo = v.InferOutput<typeof infoSchema>;
export type ApiInfoNetwork = v.InferOutput<typeof infoNetworkSchema>;
export type ApiInfoPair = v.InferOutput<typeof infoPairSchema>;

/** Parses an info answer; undefined when it does not fit the contract. */
export function parseInfo(raw: unknown): ApiInfo | undefined {
  const parsed = v.safeParse(infoSchema, raw);
  return parsed.success ? parsed.output : undefined;
}

/**
 * Fetches `{apiUrl}/v1/info`. Undefined when the API is unreachable, answers an error status or
 * data that does not fit (logged once per call, never thrown: the API is optional to every screen).
 */
export async function fetchInfo(
  apiUrl: string,
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<ApiInfo | undefined> {
  if (!apiUrl) return undefined;
  const fetchImpl = options.fetchImpl ?? fetch;
  try {
    const url = `${apiUrl.replace(/\/+$/, '')}/v1/info`;
    const read = async (response: Promise<Response>) => {
      const res = await response;
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const info = parseInfo(await res.json());
      if (!info) throw new Error('answer does not match the info contract');
      return info;
    };
    // One answer for every network: a trade of this browser on any of them makes a kept copy
    // old (landed.ts), and then neither the browser's copy nor the head script's is read.
    const fresh = freshnessAfterLanding(undefined, INFO_MAX_AGE_MS).revalidate;
    const fetchIt = (signal: AbortSignal) => () =>
      fetchImpl(url, {
        headers: { Accept: 'application/json' },
        signal,
        cache: fresh ? 'no-cache' : 'default',
      });
    // The page's head script may have asked already (the charts page): the same checks apply,
    // and a failed early answer asks again.
    return await withinAnswerTime(
      (signal) => (fresh ? read(fetchIt(signal)()) : readEarlyOr(url, read, fetchIt(signal))),
      options.signal,
    );
  } catch (error) {
    if (options.signal?.aborted) return undefined;
    console.error('[api] info unavailable:', error instanceof Error ? error.message : error);
    return undefined;
  }
}

/** The info of one network, or undefined. */
export function infoFor(info: ApiInfo | undefined, id: NetworkId): ApiInfoNetwork | undefined {
  return info?.networks[id];
}
