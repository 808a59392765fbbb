import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AnswerCache, type CachedAnswer } from './microcache';

const text = async (a: CachedAnswer | Promise<CachedAnswer>) =>
  (await (await a).plain()).toString();
const body = (seed: number, kb = 50) =>
  JSON.stringify(Array.from({ length: kb * 20 }, (_, i) => ({ c: (i * seed) % 997, dt: i })));
/** A clock the test moves: expiry without waiting for it. */
const manualClock = () => {
  const clock = { t: 0, now: () => clock.t };
  return clock;
};

it('compresses an answer once per encoding and serves the same bytes to every request', async () => {
  const cache = new AnswerCache();
  let loads = 0;
  const load = async () => (loads++, body(3));
  const [a, b] = await Promise.all([cache.get('k', 't', load), cache.get('k', 't', load)]);
  expect(loads).toBe(1);
  expect(a).toBe(b);
  const br = await a.body('br');
  expect(await b.body('br')).toBe(br);
  expect(brotliDecompressSync(br).toString()).toBe(body(3));
  expect(gunzipSync(await a.body('gzip')).toString()).toBe(body(3));
});

it("compresses at the cache's brotli quality: a lower one for answers asked once, the same body", async () => {
  const answer = (brotliQuality?: number) =>
    new AnswerCache({ brotliQuality }).get('k', 't', async () => body(5, 13));
  const [usual, quick] = await Promise.all([answer(), answer(1)]);
  const [usualBr, quickBr] = await Promise.all([usual.body('br'), quick.body('br')]);
  expect(brotliDecompressSync(quickBr).toString()).toBe(body(5, 13));
  expect(brotliDecompressSync(usualBr).toString()).toBe(body(5, 13));
  // Quality 1 keeps fewer matches than the default 4: more bytes for less CPU.
  expect(quickBr.length).toBeGreaterThan(usualBr.length);
  expect(quick.etag).toBe(usual.etag);
});

it('keeps at most its byte cap, dropping the least recently used answers', async () => {
  const cap = 3 * Buffer.byteLength(body(1)) + 1000;
  const cache = new AnswerCache({ maxBytes: cap });
  for (const k of [1, 2, 3]) await cache.get(`k${k}`, 't', async () => body(k));
  await cache.get('k1', 't', async () => body(99)); // used again: k2 is now the oldest
  await cache.get('k4', 't', async () => body(4));
  expect(cache.bytes).toBeLessThanOrEqual(cap);
  let reloaded = '';
  const probe = (k: string) =>
    cache.get(k, 't', async () => {
      reloaded += k;
      return body(7);
    });
  await probe('k1');
  await probe('k3');
  expect(reloaded).toBe(''); // kept
  await probe('k2');
  expect(reloaded).toBe('k2'); // dropped
  // Compressed bodies count too.
  await (await probe('k4')).body('gzip');
  expect(cache.bytes).toBeLessThanOrEqual(cap);
});

it('holds only the compressed body once there is one, unless a client took the plain one', async () => {
  const cache = new AnswerCache();
  const plainBytes = Buffer.byteLength(body(1));
  const a = await cache.get('k', 't', async () => body(1));
  // The compressed body is counted and the plain one dropped before `body` resolves.
  const br = await a.body('br');
  // About a fifth of the plain size: 3-5x more answers fit in the same memory.
  expect(cache.bytes).toBe(br.length);
  // A plain client still gets the same bytes (decoded from br), and the plain body is kept.
  expect(await text(a)).toBe(body(1));
  expect(cache.bytes).toBe(br.length + plainBytes);
  expect(gunzipSync(await a.body('gzip')).toString()).toBe(body(1));
  expect(cache.bytes).toBeGreaterThan(br.length + plainBytes);
});

it('makes a gzip body from the br one when the plain body was dropped', async () => {
  const cache = new AnswerCache();
  const a = await cache.get('k', 't', async () => body(2));
  await a.body('br');
  expect(cache.bytes).toBe((await a.body('br')).length); // the plain body was dropped
  expect(gunzipSync(await a.body('gzip')).toString()).toBe(body(2));
});

it('drops the answers of a pair at once when the indexer stores its candles', async () => {
  const cache = new AnswerCache({ ttlMs: 60_000 });
  await cache.get('candles/a?1', 'BSC/0xa', async () => body(1));
  await cache.get('line/a', 'BSC/0xa', async () => body(2));
  await cache.get('candles/b', 'BSC/0xb', async () => body(3));
  cache.invalidate('BSC/0xa');
  const fresh = await cache.get('candles/a?1', 'BSC/0xa', async () => body(5));
  expect(await text(fresh)).toBe(body(5));
  const kept = await cache.get('candles/b', 'BSC/0xb', async () => body(6));
  expect(await text(kept)).toBe(body(3));
});

it('does not keep a failed load', async () => {
  const cache = new AnswerCache();
  await expect(
    cache.get('k', 't', async () => {
      throw new Error('database away');
    }),
  ).rejects.toThrow('database away');
  expect(await text(cache.get('k', 't', async () => body(1)))).toBe(body(1));
  expect(cache.size).toBe(1);
});

it('serves an expired answer at once while one reload runs, then the reloaded answer', async () => {
  const clock = manualClock();
  const cache = new AnswerCache({ ttlMs: 20, now: clock.now });
  await cache.get('k', 't', async () => body(1));
  clock.t += 40;
  let release!: () => void;
  const slow = new Promise<void>((r) => (release = r));
  let reloads = 0;
  const reload = async () => {
    reloads++;
    await slow;
    return body(2);
  };
  // Nobody waits for the database: the expired answer comes back while the reload is pending.
  const during = await Promise.all([cache.get('k', 't', reload), cache.get('k', 't', reload)]);
  expect(await Promise.all(during.map(text))).toEqual([body(1), body(1)]);
  expect(reloads).toBe(1);
  release();
  await cache.settled();
  expect(await text(cache.get('k', 't', reload))).toBe(body(2));
  expect(cache.size).toBe(1);
});

it('does not keep a reload that new candles made stale, nor an answer whose reload failed', async () => {
  const clock = manualClock();
  const cache = new AnswerCache({ ttlMs: 20, now: clock.now });
  await cache.get('k', 't', async () => body(1));
  clock.t += 40;
  let release!: () => void;
  const slow = new Promise<void>((r) => (release = r));
  await cache.get('k', 't', async () => (await slow, body(2)));
  cache.invalidate('t'); // the indexer stored candles while the reload read the old ones
  release();
  await cache.settled();
  expect(await text(cache.get('k', 't', async () => body(3)))).toBe(body(3));

  clock.t += 40;
  await cache.get('k', 't', async () => {
    throw new Error('database away');
  });
  await cache.settled();
  expect(cache.size).toBe(0);
  expect(await text(cache.get('k', 't', async () => body(4)))).toBe(body(4));
});

it('keeps an expired answer without reading it again while its version (the cursor) is unchanged', async () => {
  const clock = manualClock();
  const cache = new AnswerCache({ ttlMs: 20, now: clock.now });
  let cursor = 'block 10';
  let loads = 0;
  const load = async () => (loads++, body(loads));
  const version = async () => cursor;
  await cache.get('k', 't', load, version);
  clock.t += 40;
  await cache.get('k', 't', load, version);
  await cache.settled();
  expect(loads).toBe(1);
  expect(await text(cache.get('k', 't', load, version))).toBe(body(1));

  cursor = 'block 11'; // the indexer stored a range: the answer is read again
  clock.t += 40;
  await cache.get('k', 't', load, version);
  await cache.settled();
  expect(loads).toBe(2);
  expect(await text(cache.get('k', 't', load, version))).toBe(body(2));
});
