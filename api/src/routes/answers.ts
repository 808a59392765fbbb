import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AnswerCache, encodingFor, type AnswerCacheOptions } from './microcache';
import { cacheFor } from './common';

/** The cache tag of every account page of a network (any new trade may belong to any wallet). */
export const accountsTag = (network: string) => `${network}/accounts`;

/**
 * Answers of history routes kept serialised, with their ETag and compressed bodies, in an
 * AnswerCache of their own. Tags are `NETWORK/pair` (a pair's candles and trades) or
 * `accountsTag(NETWORK)`; when this process's indexer stores trades, the answers of those pairs
 * and the network's account pages are dropped at once. These routes opt out of
 * @fastify/compress, which would compress the same bytes again on every request.
 */
export function cachedAnswers(app: FastifyInstance, opts?: AnswerCacheOptions) {
  const cache = new AnswerCache(opts);
  app.candleChanges.on('candles', (network: string, pairs: string[] | 'all') => {
    if (pairs === 'all') return cache.clear();
    for (const pair of pairs) cache.invalidate(`${network}/${pair}`);
    cache.invalidate(accountsTag(network));
  });

  /**
   * The network's indexer cursor (block, hash and when it moved): trades and candles change only
   * in a transaction that moves it, so an expired answer whose cursor did not move is kept
   * without reading it again (on PGlite that read runs on this thread).
   */
  const readCursor = async (network: string): Promise<string> => {
    const { rows } = await app.db.query<{ v: string }>(
      `SELECT block_number || ' ' || block_hash || ' ' || updated_at::text AS v
       FROM indexer_cursor WHERE network = $1`,
      [network],
    );
    return rows[0]?.v ?? 'none';
  };
  // One read per network per versionMs shared by every miss and check meanwhile: a miss
  // (a wallet's page, rarely asked twice) paid a second round trip for it. Still safe: an
  // answer's version only has to be read before its load starts, and a version read earlier
  // than that can only make a later check reload more, never keep a changed answer.
  const versionMs = Math.min(250, (opts?.ttlMs ?? 5000) / 4);
  const versions = new Map<string, { at: number; v: Promise<string> }>();
  const cursorVersion = (network: string): Promise<string> => {
    const held = versions.get(network);
    if (held && performance.now() - held.at < versionMs) return held.v;
    const v = readCursor(network);
    versions.set(network, { at: performance.now(), v });
    v.catch(() => {
      if (versions.get(network)?.v === v) versions.delete(network);
    });
    return v;
  };

  /**
   * An answer from the cache (schema-serialised on a miss): 304 when the client holds it, else
   * the body compressed once for its Accept-Encoding.
   */
  return async (
    key: string,
    tag: string,
    req: FastifyRequest,
    reply: FastifyReply,
    maxAgeSeconds: number,
    load: () => Promise<unknown>,
  ): Promise<Buffer | FastifyReply> => {
    const hit = await cache.get(
      key,
      tag,
      async () => reply.serialize(await load()) as string,
      () => cursorVersion(tag.slice(0, tag.indexOf('/'))),
    );
    void reply
      .header('cache-control', cacheFor(maxAgeSeconds))
      .header('etag', hit.etag)
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
    const encoding = encodingFor(req.headers['accept-encoding']);
    if (!encoding) return hit.plain();
    void reply.header('content-encoding', encoding);
    return hit.body(encoding);
  };
}
