// POST /v1/events: the whole app as `npm start` builds it, on a real listener, on PGlite and on
// the PostgreSQL server the tests start; what is counted, what is refused, what is never kept.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { Metrics } from '../metrics';
import { DB_KINDS, freshDb } from '../test/databases';

const EVM = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const CLIENT_IP = '203.0.113.77';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) EventsTest/9.9';

const visit = [
  {
    event: 'ROUTE_INDEX',
    route: 'index',
    network: 'BSC',
    language: 'en',
    theme: 'dark',
    surface: 'site',
  },
  {
    event: 'WALLET_CONNECT',
    route: 'index',
    network: 'BSC',
    language: 'en',
    theme: 'dark',
    surface: 'site',
  },
  { event: 'SWAP', route: 'index', network: 'BSC', language: 'en', theme: 'dark', surface: 'site' },
  {
    event: 'ROUTE_INDEX',
    route: 'index',
    network: 'BSC',
    language: 'en',
    theme: 'dark',
    surface: 'site',
  },
];

async function startApp(db: Db, opts: Partial<Parameters<typeof buildApp>[0]> = {}) {
  const metrics = new Metrics();
  metrics.readStateFrom(db, []);
  const app = await buildApp({ db, networks: [], metrics, trustProxy: true, ...opts });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, metrics, url: `${base}/v1/events` };
}

async function post(
  url: string,
  body: string,
  contentType = 'text/plain;charset=UTF-8',
  client = CLIENT_IP,
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      'user-agent': USER_AGENT,
      'x-forwarded-for': client,
      origin: 'http://shell.example',
    },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: text ? (JSON.parse(text) as { message: string }) : undefined,
  };
}

describe.each(DB_KINDS)('POST /v1/events on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let metrics: Metrics;
  let url: string;

  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    ({ app, metrics, url } = await startApp(db));
  });
  afterAll(async () => {
    await app?.close();
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM analytics_events');
  });

  const stored = async () =>
    (
      await db.query<Record<string, unknown>>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, event, route, network, language, theme, surface,
           count::int AS count FROM analytics_events ORDER BY event`,
      )
    ).rows;

  it("a visit's batch (sendBeacon's text/plain): 204, counted per day and kind of event, in /metrics", async () => {
    const res = await post(url, JSON.stringify({ events: visit }));
    expect(res.status).toBe(204);
    const today = new Date().toISOString().slice(0, 10);
    const common = {
      day: today,
      route: 'index',
      network: 'BSC',
      language: 'en',
      theme: 'dark',
      surface: 'site',
    };
    expect(await stored()).toEqual([
      { ...common, event: 'ROUTE_INDEX', count: 2 },
      { ...common, event: 'SWAP', count: 1 },
      { ...common, event: 'WALLET_CONNECT', count: 1 },
    ]);
    // a second visit adds to the same rows
    expect(
      (await post(url, JSON.stringify({ events: visit.slice(0, 1) }), 'application/json')).status,
    ).toBe(204);
    expect((await stored())[0]).toMatchObject({ event: 'ROUTE_INDEX', count: 3 });
    const text = await metrics.text();
    expect(text).toContain('jmswap_api_analytics_events{event="ROUTE_INDEX",network="BSC"} 3');
    expect(text).toContain('jmswap_api_analytics_events{event="SWAP",network="BSC"} 1');
  });

  it('keeps nothing about the visitor: no column for it, and a field beyond the six is refused (400), nothing stored', async () => {
    await post(url, JSON.stringify({ events: visit.slice(0, 1) }));
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM analytics_events');
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['count', 'day', 'event', 'language', 'network', 'route', 'surface', 'theme'].sort(),
    );
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(`${CLIENT_IP}|EventsTest|${EVM}`, 'i'));
    await db.query('DELETE FROM analytics_events');
    for (const extra of [{ address: EVM }, { amount: '10' }, { userAgent: USER_AGENT }]) {
      const res = await post(url, JSON.stringify({ events: [{ ...visit[0], ...extra }] }));
      expect(res.status).toBe(400);
      expect(res.body?.message).toMatch(/additional properties/);
    }
    expect(await stored()).toEqual([]);
  });

  it.each([
    [
      'an unknown event',
      { events: [{ ...visit[0], event: 'DROP_TABLE' }] },
      /event must be equal to one of/,
    ],
    [
      'an unknown network',
      { events: [{ ...visit[0], network: 'SOL' }] },
      /network must be equal to one of/,
    ],
    [
      'a language that is no tag',
      { events: [{ ...visit[0], language: 'en<script>' }] },
      /language must match/,
    ],
    ['no surface', { events: [{ event: 'SWAP' }] }, /must have required property 'surface'/],
    ['no events', { events: [] }, /must NOT have fewer than 1 items/],
    [
      'too many events',
      { events: Array.from({ length: 51 }, () => visit[0]) },
      /must NOT have more than 50 items/,
    ],
    ['not an object', [visit[0]], /must be object/],
  ])('%s: 400 with what is wrong, nothing stored', async (_, body, message) => {
    const res = await post(url, JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body?.message).toMatch(message);
    expect(await stored()).toEqual([]);
  });

  it('no JSON (400), another content type (415), too large (413)', async () => {
    expect((await post(url, '{"events": [')).status).toBe(400);
    expect((await post(url, 'events=1', 'application/x-www-form-urlencoded')).status).toBe(415);
    const big = JSON.stringify({ events: visit, pad: 'x'.repeat(9000) });
    expect((await post(url, big)).status).toBe(413);
  });
});

it('rate-limited per client address (429), other clients still counted; the way back after the window', async () => {
  const { db, drop } = await freshDb('pglite');
  // A window of 3 s: the three posts fit in it on a loaded runner (a 500 ms one did not always).
  const timeWindow = 3000;
  const { app, url } = await startApp(db, { events: { rateLimit: { max: 2, timeWindow } } });
  try {
    const one = JSON.stringify({ events: visit.slice(0, 1) });
    const started = Date.now();
    expect((await post(url, one)).status).toBe(204);
    expect((await post(url, one)).status).toBe(204);
    expect((await post(url, one)).status).toBe(429);
    expect((await post(url, one, undefined, '198.51.100.9')).status).toBe(204);
    // The way back: refused until the window ends, then accepted (a refused post stores nothing).
    let status = 429;
    while (status === 429 && Date.now() - started < 3 * timeWindow) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await post(url, one)).status;
    }
    expect(status).toBe(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(timeWindow - 100);
    const { rows } = await db.query<{ count: number }>(
      'SELECT count::int AS count FROM analytics_events',
    );
    expect(rows[0]?.count).toBe(4);
  } finally {
    await app.close();
    await drop();
  }
});
