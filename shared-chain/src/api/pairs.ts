/**
 * `GET {api}/v1/pairs/{net}`: every pair the exchange's factory created that the api indexes,
 * paged and searched (symbol, name or address). Answers that do not fit the schema count as
 * unavailable. A token's symbol and name are the api's escaped text; they are only ever shown.
 */
import * as v from 'valibot';
import type { NetworkId } from '../config/types';
import { searchText } from '../core/tokenText';
import { withinAnswerTime } from './answerTime';

const pairToken = v.object({
  address: v.pipe(v.string(), v.maxLength(64)),
  symbol: v.pipe(v.string(), v.maxLength(200)),
  name: v.pipe(v.string(), v.maxLength(400)),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)),
});

const pairsSchema = v.object({
  total: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  pairs: v.array(
    v.object({
      address: v.pipe(v.string(), v.maxLength(64)),
      listed: v.boolean(),
      tokenA: pairToken,
      tokenB: pairToken,
      reserveA: v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/)),
      reserveB: v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/)),
    }),
  ),
});

export type ApiPairs = v.InferOutput<typeof pairsSchema>;
export type ApiPair = ApiPairs['pairs'][number];

/** A page of pairs, or undefined when the api is unreachable or its answer does not fit. */
export async function fetchPairs(
  apiUrl: string,
  network: NetworkId,
  query: { q?: string; offset?: number; limit?: number; signal?: AbortSignal } = {},
  fetchImpl: typeof fetch = fetch,
): Promise<ApiPairs | undefined> {
  if (!apiUrl) return undefined;
  const params = new URLSearchParams();
  const q = searchText(query.q ?? '');
  if (q) params.set('q', q.slice(0, 64));
  if (query.offset) params.set('offset', String(query.offset));
  params.set('limit', String(query.limit ?? 50));
  const url = `${apiUrl.replace(/\/+$/, '')}/v1/pairs/${network.toLowerCase()}?${params}`;
  try {
    return await withinAnswerTime(async (signal) => {
      const res = await fetchImpl(url, { headers: { Accept: 'application/json' }, signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const parsed = v.safeParse(pairsSchema, await res.json());
      if (!parsed.success) throw new Error('answer does not match the pairs contract');
      return parsed.output;
    }, query.signal);
  } catch (error) {
    if (query.signal?.aborted) return undefined;
    console.error('[api] pairs unavailable:', error instanceof Error ? error.message : error);
    return undefined;
  }
}
