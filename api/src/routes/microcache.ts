import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One answer, ready to send: its ETag and its body in each encoding a client may accept. */
export interface CachedAnswer {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** The encoding of a cached answer a request accepts best (null: none, send it plain). */
export function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  return negotiate<'br' | 'gzip'>(acceptEncoding ?? '', ['br', 'gzip']);
}

/**
 * Serialised and compressed answers kept a few seconds per key: a chart's 2 000 candles are read
 * from the database, serialised and compressed once per interval however many clients ask (the
 * HTTP caches allow 10 minutes anyway), and concurrent misses share one load. Compressing a
 * 200 KB answer per request was the cost under load. Per process, derived from the database:
 * instances stay stateless.
 */
export class MicroCache {
  private readonly entries = new Map<string, { at: number; answer: Promise<CachedAnswer> }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<string>): Promise<CachedAnswer> {
    const e = this.entries.get(key);
    if (e && Date.now() - e.at <= this.ttlMs) return e.answer;
    const answer = load().then((body) => prepare(body, e?.answer));
    if (this.entries.size >= this.maxEntries && !e)
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), answer });
    // A failed load (a 404, the database away) is not kept.
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }
}

/** The answer's encodings; an unchanged body (same hash) reuses the previous compression. */
async function prepare(body: string, previous?: Promise<CachedAnswer>): Promise<CachedAnswer> {
  const identity = Buffer.from(body);
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  const old = await previous?.catch(() => undefined);
  if (old?.etag === etag) return old;
  const [gz, br] = await Promise.all([
    gzipAsync(identity),
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  ]);
  return { etag, identity, gzip: gz, br };
}
