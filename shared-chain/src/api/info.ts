/**
 * `GET {api}/v1/info`: per network, each pool's USD figures and each token's USD price, as the
 * product API serves them. Answers that do not fit the schema count as "unavailable", so a bad
 * or half-deployed API never puts wrong numbers on screen.
 */
import * as z from 'zod/mini';
import { NETWORK_IDS, type NetworkId } from '../config/types';

const usd = z.nullable(z.number());

export const infoPairSchema = z.object({
  address: z.string(),
  symbolA: z.string(),
  symbolB: z.string(),
  reserveA: z.string(),
  reserveB: z.string(),
  price: z.number(),
  volume24HUsd: usd,
  liquidityUsd: usd,
  fees24HUsd: usd,
  aprPercent: usd,
  trades24H: z.int().check(z.nonnegative()),
});

export const infoNetworkSchema = z.object({
  pairs: z.array(infoPairSchema),
  tokens: z.record(z.string(), z.object({ priceUsd: usd })),
  jm: z.optional(
    z.object({
      burned: z.string(),
      supply: z.string(),
      circulatingSupply: z.string(),
      priceUsd: usd,
      marketcapUsd: usd,
    }),
  ),
});

export const infoSchema = z.object({
  updatedAt: z.number(),
  networks: z.partialRecord(z.enum(NETWORK_IDS), infoNetworkSchema),
});

export type ApiInfo = z.infer<typeof infoSchema>;
export type ApiInfoNetwork = z.infer<typeof infoNetworkSchema>;
export type ApiInfoPair = z.infer<typeof infoPairSchema>;

/** Parses an info answer; undefined when it does not fit the contract. */
export function parseInfo(raw: unknown): ApiInfo | undefined {
  const parsed = infoSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
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
    const res = await fetchImpl(`${apiUrl.replace(/\/+$/, '')}/v1/info`, {
      headers: { Accept: 'application/json' },
      signal: options.signal,
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const info = parseInfo(await res.json());
    if (!info) throw new Error('answer does not match the info contract');
    return info;
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
