import { createHash } from 'node:crypto';

/**
 * Serialised responses kept a few seconds per url: a chart's 2 000 candles are read from the
 * database and serialised once per interval however many clients ask (the HTTP caches allow
 * 10 minutes anyway). Per process, derived from the database: instances stay stateless.
 */
export class MicroCache {
  private readonly entries = new Map<string, { at: number; body: string; etag: string }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string): { body: string; etag: string } | undefined {
    const e = this.entries.get(key);
    if (!e || Date.now() - e.at > this.ttlMs) return undefined;
    return e;
  }

  set(key: string, body: string): { body: string; etag: string } {
    if (this.entries.size >= this.maxEntries)
      this.entries.delete(this.entries.keys().next().value!);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const e = { at: Date.now(), body, etag };
    this.entries.set(key, e);
    return e;
  }
}
