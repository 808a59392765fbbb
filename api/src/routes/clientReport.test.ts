// POST /v1/client-report, the whole app as `npm start` builds it, on a real listener,
// behind a "proxy" on this host (trustProxy: X-Forwarded-For tells the clients apart).
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openPostgres, type Db } from '../db/db';
import { Metrics } from '../metrics';
import { DB_KINDS, freshDb } from '../test/databases';
import { MAX_REPORT_BYTES } from './clientReport';

const EVM = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TX = `0x${'ab'.repeat(32)}`;
const CLIENT_IP = '203.0.113.77';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) ReportTest/9.9';
const SHELL = 'http://shell.example';

const report = {
  kind: 'integrity',
  remote: 'swap',
  version: '1.4.2',
  cause: 'sha384 mismatch for remoteEntry.js',
  page: '/swap',
  release: '2.0.0-rc.1',
};

async function startApp(db: Db, opts: Partial<Parameters<typeof buildApp>[0]> = {}) {
  const metrics = new Metrics();
  const app = await buildApp({ db, networks: [], metrics, trustProxy: true, ...opts });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, metrics, url: `${base}/v1/client-report` };
}

async function post(
  url: string,
  body: string,
  contentType: string | undefined,
  client = CLIENT_IP,
  headers: Record<string, string> = {},
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      origin: SHELL,
      'user-agent': USER_AGENT,
      'x-forwarded-for': client,
      ...(contentType ? { 'content-type': contentType } : {}),
      ...headers,
    },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: (text ? JSON.parse(text) : undefined) as
      { error: string; message: string; statusCode: number } | undefined,
  };
}

const json = (v: unknown) => JSON.stringify(v);

describe.each(DB_KINDS)('POST /v1/client-report on %s', (kind) => {
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
    await db.query('DELETE FROM client_reports');
  });

  const stored = async () =>
    (
      await db.query<Record<string, unknown>>(
        'SELECT kind, remote, version, cause, page, release FROM client_reports ORDER BY id',
      )
    ).rows;

  it('stores the shell report (application/json): 204, one row with exactly its fields, counted in /metrics', async () => {
    const before = await metrics.text();
    const res = await post(
      url,
      json({ ...report, wallet: EVM, extra: 'dropped' }),
      'application/json',
    );
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await stored()).toEqual([report]);
    expect(before).not.toContain('jmswap_api_client_reports_total{kind="integrity"');
    expect(await metrics.text()).toContain(
      'jmswap_api_client_reports_total{kind="integrity",remote="swap"} 1',
    );
  });

  it('stores nothing about the client: the table has no such column and no value holds its address or user agent', async () => {
    await post(url, json(report), 'application/json');
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM client_reports');
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['cause', 'id', 'kind', 'page', 'received_at', 'release', 'remote', 'version'].sort(),
    );
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(CLIENT_IP);
    expect(everything).not.toContain('ReportTest');
  });

  it('takes the same report as text/plain, as navigator.sendBeacon sends it (no preflight), with CORS for any origin and no credentials', async () => {
    const res = await post(
      url,
      json({ kind: 'remote-load', remote: 'charts', cause: 'timeout after 10 s' }),
      'text/plain;charset=UTF-8',
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(await stored()).toEqual([
      {
        kind: 'remote-load',
        remote: 'charts',
        version: null,
        cause: 'timeout after 10 s',
        page: null,
        release: null,
      },
    ]);
  });

  it('answers the preflight of an application/json POST from another origin', async () => {
    const res = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: SHELL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('turns a CSP report-uri report (application/csp-report) into a csp row: directive, blocked origin, page path', async () => {
    const res = await post(
      url,
      json({
        'csp-report': {
          'document-uri': `http://localhost:8080/pools?wallet=${EVM}#top`,
          referrer: 'http://localhost:8080/',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'original-policy': "default-src 'self'; report-uri /v1/client-report",
          disposition: 'enforce',
          'blocked-uri': 'http://localhost:9089/remoteEntry.js?v=3',
          'line-number': 12,
          'source-file': 'http://localhost:8080/main.js',
          'status-code': 200,
        },
      }),
      'application/csp-report',
    );
    expect(res.status).toBe(204);
    // Firefox's form: the whole directive in violated-directive, "inline" as the blocked uri.
    expect(
      (
        await post(
          url,
          json({
            'csp-report': {
              'document-uri': 'http://localhost:8080/',
              'violated-directive': "style-src 'self'",
              'blocked-uri': 'inline',
            },
          }),
          'application/csp-report',
        )
      ).status,
    ).toBe(204);
    expect(await stored()).toEqual([
      {
        kind: 'csp',
        remote: null,
        version: null,
        cause: 'script-src-elem blocked http://localhost:9089',
        page: '/pools',
        release: null,
      },
      expect.objectContaining({ kind: 'csp', cause: 'style-src blocked inline', page: '/' }),
    ]);
  });

  it('keeps the csp-violation reports of a Reporting API batch (application/reports+json) and ignores the other types', async () => {
    const violation = (blockedURL: string, directive: string, disposition = 'enforce') => ({
      type: 'csp-violation',
      age: 10,
      url: 'http://localhost:8080/charts?pair=BNB',
      user_agent: USER_AGENT,
      body: {
        documentURL: 'http://localhost:8080/charts?pair=BNB',
        blockedURL,
        effectiveDirective: directive,
        sourceFile: 'http://localhost:8080/main.js',
        lineNumber: 4,
        columnNumber: 2,
        disposition,
        originalPolicy: "script-src 'self'",
        sample: 'alert(1)',
        statusCode: 200,
      },
    });
    const res = await post(
      url,
      json([
        { type: 'deprecation', url: 'http://localhost:8080/', body: { id: 'x', message: 'y' } },
        violation('inline', 'script-src-elem'),
        { type: 'coep', body: { disposition: 'reporting', blockedURL: 'http://x.test/' } },
        violation('eval', 'script-src', 'report'),
        violation('https://evil.example:8443/x.js?id=1', 'connect-src'),
      ]),
      'application/reports+json',
    );
    expect(res.status).toBe(204);
    const rows = await stored();
    expect(rows.map((r) => [r.kind, r.cause, r.page])).toEqual([
      ['csp', 'script-src-elem blocked inline', '/charts'],
      ['csp', 'script-src blocked eval (report-only)', '/charts'],
      ['csp', 'connect-src blocked https://evil.example:8443', '/charts'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('ReportTest');
    // A flood in one delivery: the first 20 violations are kept.
    await db.query('DELETE FROM client_reports');
    const flood = Array.from({ length: 30 }, () => violation('inline', 'style-src-elem'));
    expect((await post(url, json(flood), 'application/reports+json')).status).toBe(204);
    expect((await stored()).length).toBe(20);
    expect(await metrics.text()).toMatch(
      /jmswap_api_client_reports_total\{kind="csp",remote=""\} \d+/,
    );
  });

  it('cuts the query string and fragment off the page and replaces wallet addresses and transaction hashes', async () => {
    const res = await post(
      url,
      json({
        kind: 'remote-load',
        remote: 'pools',
        cause: `swap by ${EVM} (tx ${TX}) on TRON ${TRON} failed: https://cdn.example/remoteEntry.js?token=secret#x`,
        page: `/account/${TRON}?ref=${EVM}#frag`,
      }),
      'application/json',
    );
    expect(res.status).toBe(204);
    const [row] = await stored();
    expect(row).toMatchObject({
      cause:
        'swap by <address> (tx <hash>) on TRON <address> failed: https://cdn.example/remoteEntry.js',
      page: '/account/<address>',
    });
    const all = JSON.stringify(await stored());
    for (const secret of [EVM, EVM.toLowerCase(), TRON, TX, 'secret', 'ref='])
      expect(all).not.toContain(secret);
  });

  it.each<[string, string, string | undefined, RegExp]>([
    [
      'a wrong kind',
      json({ ...report, kind: 'crash' }),
      'application/json',
      /body\/kind must be one of remote-load, integrity/,
    ],
    [
      'a cause over 500 characters',
      json({ ...report, cause: 'x'.repeat(501) }),
      'application/json',
      /body\/cause must NOT have more than 500 characters/,
    ],
    [
      'no cause',
      json({ kind: 'integrity' }),
      'application/json',
      /must have required property 'cause'/,
    ],
    [
      'a number for the cause',
      json({ kind: 'integrity', cause: 5 }),
      'application/json',
      /body\/cause must be string/,
    ],
    [
      'an unknown remote',
      json({ ...report, remote: 'wallet' }),
      'application/json',
      /body\/remote must be one of swap, liquidity/,
    ],
    [
      'a version with spaces',
      json({ ...report, version: '1.0 beta' }),
      'application/json',
      /body\/version must be a version like 1.4.2/,
    ],
    [
      'a version over 40 characters',
      json({ ...report, version: '1'.repeat(41) }),
      'application/json',
      /body\/version must NOT have more than 40/,
    ],
    [
      'a page that is a full url',
      json({ ...report, page: 'https://x.example/pools' }),
      'application/json',
      /body\/page must be a path starting with "\/"/,
    ],
    [
      'a page over 200 characters',
      json({ ...report, page: `/${'p'.repeat(200)}` }),
      'application/json',
      /body\/page must NOT have more than 200/,
    ],
    [
      'text that is not JSON',
      'kind=integrity&cause=x',
      'text/plain',
      /The body is not JSON \(text\/plain is read as JSON\)/,
    ],
    ['JSON that is cut', '{"kind":"integrity","cau', 'application/json', /The body is not JSON/],
    ['an empty body', '', 'application/json', /The body is empty/],
    ['an array from the shell', json([report]), 'application/json', /body must be object/],
    [
      'a CSP report without a directive',
      json({ 'csp-report': { 'blocked-uri': 'inline' } }),
      'application/csp-report',
      /must have effective-directive or violated-directive/,
    ],
    [
      'a CSP report with a made-up directive',
      json({ 'csp-report': { 'violated-directive': 'DROP TABLE' } }),
      'application/csp-report',
      /must name a CSP directive/,
    ],
    [
      'a Reporting API line number in quotes',
      json([{ type: 'csp-violation', body: { effectiveDirective: 'img-src', lineNumber: '4' } }]),
      'application/reports+json',
      /body\/0\/body\/lineNumber must be integer/,
    ],
    [
      'a Reporting API violation without a body',
      json([{ type: 'csp-violation' }]),
      'application/reports+json',
      /body\/0 must have required property 'body'/,
    ],
  ])('refuses %s with 400 and a message, storing nothing', async (_name, body, type, message) => {
    const res = await post(url, body, type);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Bad Request',
      message: expect.stringMatching(message),
      statusCode: 400,
    });
    expect(await stored()).toEqual([]);
  });

  it('stores an empty or blank cause as "(empty)": the kind, remote and version still tell', async () => {
    for (const cause of ['', '  \n '])
      expect((await post(url, json({ ...report, cause }), 'text/plain')).status).toBe(204);
    expect((await stored()).map((r) => r.cause)).toEqual(['(empty)', '(empty)']);
  });

  it('refuses other content types with 415 saying which are taken', async () => {
    const res = await post(url, 'kind=integrity&cause=x', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(res.body?.message).toMatch(/application\/json, text\/plain, application\/csp-report/);
    expect(await stored()).toEqual([]);
  });

  it('refuses a body over 16 KiB with 413, storing nothing', async () => {
    const big = json({ ...report, padding: 'x'.repeat(MAX_REPORT_BYTES) });
    for (const type of ['application/json', 'text/plain', 'application/reports+json']) {
      const res = await post(url, big, type);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ error: 'Payload Too Large', statusCode: 413 });
    }
    // Just under the cap is taken (unknown fields dropped).
    const fits = json({ ...report, padding: 'x'.repeat(MAX_REPORT_BYTES - 300) });
    expect((await post(url, fits, 'application/json')).status).toBe(204);
    expect(await stored()).toEqual([report]);
  });
});

describe('POST /v1/client-report limits and outages', () => {
  it('rate-limits each client (429 with Retry-After), others go on, and it recovers after the window', async () => {
    const { db, drop } = await freshDb('pglite');
    // Long enough that the first four requests fall in one window on a busy machine.
    const window = 5000;
    const { app, url } = await startApp(db, {
      clientReports: { rateLimit: { max: 3, timeWindow: window } },
    });
    try {
      const body = json(report);
      expect((await post(url, body, 'text/plain')).status).toBe(204);
      // The client's window began at the latest now (when its first report was answered).
      const started = Date.now();
      for (let i = 0; i < 2; i++) expect((await post(url, body, 'text/plain')).status).toBe(204);
      const limited = await post(url, body, 'text/plain');
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ error: 'Too Many Requests', statusCode: 429 });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // The browser still reads the answer (CORS headers on the 429 too).
      expect(limited.headers.get('access-control-allow-origin')).toBe('*');
      // Another client is not affected.
      expect((await post(url, body, 'text/plain', '198.51.100.1')).status).toBe(204);
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM client_reports',
      );
      expect(rows[0]!.n).toBe(4);
      // After the window the first client is heard again.
      await new Promise((r) => setTimeout(r, Math.max(0, started + window + 50 - Date.now())));
      expect((await post(url, body, 'text/plain')).status).toBe(204);
    } finally {
      await app.close();
      await drop();
    }
  });

  it('counts every IPv6 address of one /64 as one client (a new address per request gains nothing)', async () => {
    const { db, drop } = await freshDb('pglite');
    const { app, url } = await startApp(db, {
      clientReports: { rateLimit: { max: 3, timeWindow: 60_000 } },
    });
    try {
      const body = json(report);
      for (const ip of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:abcd::9'])
        expect((await post(url, body, 'text/plain', ip)).status).toBe(204);
      expect((await post(url, body, 'text/plain', '2001:db8:7:1:ffff::4')).status).toBe(429);
      // The next /64 is another subscriber.
      expect((await post(url, body, 'text/plain', '2001:db8:7:2::1')).status).toBe(204);
    } finally {
      await app.close();
      await drop();
    }
  });

  it('stores a node report (kind "node") with the node named and both chain ids', async () => {
    const { db, drop } = await freshDb('pglite');
    const { app, url } = await startApp(db);
    try {
      const cause =
        'BSC: node http://rpc.example:8545/ is on chain 137, not 56; set aside until the page is reloaded';
      expect((await post(url, json({ kind: 'node', cause, page: '/' }), 'text/plain')).status).toBe(
        204,
      );
      const { rows } = await db.query<{ kind: string; cause: string }>(
        'SELECT kind, cause FROM client_reports',
      );
      expect(rows).toEqual([{ kind: 'node', cause }]);
    } finally {
      await app.close();
      await drop();
    }
  });

  it('answers 503 with Retry-After while the database cannot be reached, and counts nothing', async () => {
    // A PostgreSQL url where nothing listens: every query is refused, as during an outage.
    const db = openPostgres('postgres://jmswap@127.0.0.1:1/jmswap');
    const { app, url, metrics } = await startApp(db);
    try {
      const res = await post(url, json(report), 'application/json');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual({
        error: 'Service Unavailable',
        message: 'The database is unavailable; try again in a few seconds',
        statusCode: 503,
      });
      expect(await metrics.text()).not.toMatch(/jmswap_api_client_reports_total\{/);
      expect(await metrics.text()).toMatch(
        /jmswap_api_db_errors_total\{kind="unavailable"\} [1-9]/,
      );
    } finally {
      await app.close();
      await db.close();
    }
  });
});
