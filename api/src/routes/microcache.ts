import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompress,
  constants,
  gunzip,
  gzip,
  gzipSync,
} from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const unbrotli = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

export type Encoding = 'br' | 'gzip';

/** The encoding of a cached answer a request accepts best (null: none, send it plain). */
export function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  return negotiate<Encoding>(acceptEncoding ?? '', ['br', 'gzip']);
}

/** Brotli's parameters for a body: its quality, the window fitted to it, its size told. */
const brotliOptions = (body: Buffer, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(
      constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length + 1))),
    ),
  },
});

/**
 * Bodies up to this size are compressed on this thread. zlib's async calls hand each body to the
 * libuv pool: for a 15 KB trades page that cost 440 µs of process CPU alone and 1 200 µs with 50
 * at once, against 110 µs inline (a 28 KB chart range: 2 300 against 500 µs); under load that
 * hand-off was most of an uncached wallet page's CPU. Above it (a year of candles, 3.5 ms) the
 * pool keeps the thread free for other answers.
 */
const INLINE_MAX_BYTES = 64 * 1024;

/**
 * Brotli's default quality here, 4: about half the CPU of 5 for a chart answer, and no bigger
 * (240 KB of candles: 68 KB at 4, 70 KB at 5); a miss costs less when a thousand pairs' answers
 * take turns. Answers that are rarely asked twice (a wallet's pages) take a lower one.
 */
export const DEFAULT_BROTLI_QUALITY = 4;

const compressors: Record<Encoding, (body: Buffer, quality: number) => Promise<Buffer>> = {
  // The window fitted to the body and its size told: the encoder's state for its default 4 MB
  // window was most of the cost of a 14 KB page (149 -> 66 µs, the same bytes out).
  br: async (body, quality) =>
    body.length <= INLINE_MAX_BYTES
      ? brotliCompressSync(body, brotliOptions(body, quality))
      : brotli(body, brotliOptions(body, quality)),
  gzip: async (body) => (body.length <= INLINE_MAX_BYTES ? gzipSync(body) : gzipAsync(body)),
};

/**
 * One answer, ready to send: its ETag and its body in each encoding asked for so far (compressed
 * on the first request that takes it, then kept). The plain body is dropped once a compressed
 * one exists, unless a client took it plain: browsers all take br, and a year of candles is
 * 240 KB plain against 68 KB br, so the cache holds 3.5x more answers (a thousand pairs' years
 * fit in 64 MiB). A plain request after that decompresses the br body (about 0.3 ms for 240 KB)
 * and keeps the plain one from then on.
 */
export class CachedAnswer {
  readonly etag: string;
  /** The plain body's length (what the client gets after decoding). */
  readonly length: number;
  private kept: Buffer | null;
  private plainAsked = false;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  constructor(
    identity: Buffer,
    private readonly sized: (bytes: number) => void,
    private readonly brotliQuality = DEFAULT_BROTLI_QUALITY,
  ) {
    this.kept = identity;
    this.length = identity.length;
    this.etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  }

  /** The plain body (kept from now on: this answer has plain clients). */
  async plain(): Promise<Buffer> {
    this.plainAsked = true;
    if (this.kept) return this.kept;
    const plain = await this.source();
    if (!this.kept) {
      this.kept = plain;
      this.sized(plain.length);
    }
    return this.kept;
  }

  /** Bytes held now (the plain body while kept, and each compressed one). */
  async bytes(): Promise<number> {
    let n = this.kept?.length ?? 0;
    for (const b of this.encoded.values()) n += (await b.catch(() => Buffer.alloc(0))).length;
    return n;
  }

  body(encoding: Encoding): Promise<Buffer> {
    let b = this.encoded.get(encoding);
    if (!b) {
      b = this.source().then((plain) => compressors[encoding](plain, this.brotliQuality));
      this.encoded.set(encoding, b);
      void b
        .then((buf) => {
          this.sized(buf.length);
          this.dropPlain();
        })
        .catch(() => this.encoded.delete(encoding));
    }
    return b;
  }

  /** Moves the compressed bodies of an equal answer here (same ETag: same bytes). */
  adopt(previous: CachedAnswer): void {
    for (const [e, b] of previous.encoded) if (!this.encoded.has(e)) this.encoded.set(e, b);
    if (previous.plainAsked) this.plainAsked = true;
  }

  /** Drops the plain body when a compressed one exists and no client took it plain. */
  dropPlain(): void {
    if (!this.kept || this.plainAsked || this.encoded.size === 0) return;
    this.sized(-this.kept.length);
    this.kept = null;
  }

  /** The plain body, from a compressed one when it was dropped. */
  private async source(): Promise<Buffer> {
    if (this.kept) return this.kept;
    const br = this.encoded.get('br');
    return br ? unbrotli(await br) : gunzipAsync(await this.encoded.get('gzip')!);
  }
}

interface Entry {
  at: number;
  tag: string;
  answer: Promise<CachedAnswer>;
  bytes: number;
  /** Expired, its reload under way. */
  reloading: boolean;
  /** What `version` said before the answer was read (undefined: no version asked). */
  version?: string;
}

export interface AnswerCacheOptions {
  /** How long an answer is served without asking the database again, ms (default 5 000). */
  ttlMs?: number;
  /** Bytes of bodies held at most (compressed, and plain ones clients took); LRU go first. */
  maxBytes?: number;
  /** Brotli's quality for these answers (default DEFAULT_BROTLI_QUALITY). */
  brotliQuality?: number;
  /** The clock answers expire by, ms (default Date.now; tests move their own). */
  now?: () => number;
}

/** 64 MiB: a thousand one-year chart answers' br bodies (a plain body is held only when asked). */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Serialised answers per request (route, parameters and range) with their ETag and their
 * compressed bodies per encoding: a chart's 2 000 candles are read, serialised and compressed
 * once however many clients ask (compressing a 230 KB answer per request was the cost under
 * load). Bounded: least recently used answers go when the bodies pass `maxBytes`. Fresh: each
 * answer has a tag (its network and pair) and `invalidate(tag)` drops it when the indexer of
 * this process stores candles of that pair; answers also expire after `ttlMs` (another process
 * may be the indexer), and an expired answer is served while its reload runs. Concurrent misses
 * share one load. Per process, derived from the
 * database: instances stay stateless.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** The keys of each tag's answers: a thousand pairs' new trades drop theirs without a scan. */
  private readonly tagged = new Map<string, Set<string>>();
  private total = 0;
  /** Reloads of expired answers running in the background. */
  private readonly reloads = new Set<Promise<void>>();
  readonly ttlMs: number;
  readonly maxBytes: number;
  readonly brotliQuality: number;
  private readonly now: () => number;
  constructor(opts: AnswerCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 5000;
    this.maxBytes = opts.maxBytes ?? DEFAULT_CACHE_BYTES;
    this.brotliQuality = opts.brotliQuality ?? DEFAULT_BROTLI_QUALITY;
    this.now = opts.now ?? Date.now;
  }

  /** Resolves once the background reloads running now have ended (kept or dropped). */
  async settled(): Promise<void> {
    await Promise.all([...this.reloads]);
  }

  /** Bytes held now (compressed bodies, and plain ones clients took). */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * `version` (optional): a cheap read that changes whenever the answer may have (the network's
   * indexer cursor: candles change only in the transaction that moves it). An expired answer
   * whose version is unchanged is kept for another `ttlMs` without reading it again.
   */
  get(
    key: string,
    tag: string,
    load: () => Promise<string>,
    version?: () => Promise<string>,
  ): Promise<CachedAnswer> {
    const e = this.entries.get(key);
    if (e) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, e);
      // Expired: still served while one reload runs beside it (stale while revalidate). The
      // requests of that moment would otherwise all wait for the database, the serialisation
      // and the hashing of a 230 KB answer: the slowest answers under load were these.
      if (this.now() - e.at > this.ttlMs && !e.reloading) {
        e.reloading = true;
        const reload: Promise<void> = this.revalidate(key, tag, load, e, version)
          .catch(() => {
            if (this.entries.get(key) === e) this.remove(key, e);
          })
          .finally(() => this.reloads.delete(reload));
        this.reloads.add(reload);
      }
      return e.answer;
    }
    return this.load(key, tag, load, undefined, version).answer;
  }

  private async revalidate(
    key: string,
    tag: string,
    load: () => Promise<string>,
    e: Entry,
    version?: () => Promise<string>,
  ): Promise<void> {
    if (version && e.version !== undefined && (await version()) === e.version) {
      e.at = this.now();
      e.reloading = false;
      return;
    }
    await this.load(key, tag, load, e, version).answer;
  }

  /**
   * Loads an answer into a new entry. With `previous` (an expired entry, served meanwhile) the
   * new entry takes its place once loaded, unless the previous was dropped meanwhile (new
   * candles, evicted): then the reload is not kept either. A failed reload drops the previous
   * entry too (the next request asks the database itself).
   */
  private load(
    key: string,
    tag: string,
    load: () => Promise<string>,
    previous?: Entry,
    version?: () => Promise<string>,
  ): Entry {
    const entry: Entry = { at: this.now(), tag, bytes: 0, answer: null as never, reloading: false };
    const grow = (bytes: number) => {
      if (this.entries.get(key) !== entry) return;
      entry.bytes += bytes;
      this.total += bytes;
      this.evict();
    };
    // The version is read before the answer: a write in between makes the next check reload.
    entry.answer = (version ? version() : Promise.resolve(undefined)).then(async (v) => {
      entry.version = v;
      const body = await load();
      const answer = new CachedAnswer(Buffer.from(body), grow, this.brotliQuality);
      const old = await previous?.answer.catch(() => undefined);
      if (previous) {
        if (this.entries.get(key) !== previous) return answer;
        this.remove(key, previous);
        this.add(key, entry);
      }
      grow(answer.length);
      // An unchanged answer keeps its compressed bodies (and then needs no plain one).
      if (old?.etag === answer.etag) {
        answer.adopt(old);
        grow((await answer.bytes()) - answer.length);
        answer.dropPlain();
      }
      return answer;
    });
    if (!previous) this.add(key, entry);
    // A failed load (a 404, the database away) is not kept.
    entry.answer.catch(() => {
      const held = this.entries.get(key);
      if (held === entry || (previous && held === previous)) this.remove(key, held);
    });
    return entry;
  }

  /** Drops every answer of a tag (new candles of that pair). */
  invalidate(tag: string): void {
    for (const key of [...(this.tagged.get(tag) ?? [])]) {
      const e = this.entries.get(key);
      if (e) this.remove(key, e);
    }
  }

  clear(): void {
    this.entries.clear();
    this.tagged.clear();
    this.total = 0;
  }

  private add(key: string, e: Entry): void {
    this.entries.set(key, e);
    let keys = this.tagged.get(e.tag);
    if (!keys) this.tagged.set(e.tag, (keys = new Set()));
    keys.add(key);
  }

  private remove(key: string, e: Entry): void {
    this.entries.delete(key);
    const keys = this.tagged.get(e.tag);
    keys?.delete(key);
    if (keys?.size === 0) this.tagged.delete(e.tag);
    this.total -= e.bytes;
    e.bytes = 0;
  }

  private evict(): void {
    for (const [key, e] of this.entries) {
      if (this.total <= this.maxBytes) return;
      this.remove(key, e);
    }
  }
}
