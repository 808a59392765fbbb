import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { parseTrustProxy } from './config';
import type { Db } from './db/db';
import { freshDb } from './test/databases';

/** A listing form that fails validation: it still counts against the client's rate limit. */
const BAD_FORM = (() => {
  const form = new FormData();
  form.append('name', 'x');
  return form;
})();

const VALID = {
  name: 'Moon Token',
  network: 'TRON',
  type: 'TRC-20',
  contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  tax: '5',
  supply: '1000000',
  website: 'https://moon.example',
  email: 'team@moon.example',
  telegram: '@moontoken',
};

// The whole app as `npm start` builds it, on a real listener: every request below comes from the
// same socket address (127.0.0.1), as it does behind a reverse proxy on the same host.
describe('the listing rate limit behind a reverse proxy (trustProxy)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance | undefined;
  let url: string;

  beforeAll(async () => {
    ({ db, drop } = await freshDb('pglite'));
  });
  afterAll(async () => {
    await app?.close();
    await drop();
  });

  async function start(trustProxy?: Parameters<typeof buildApp>[0]['trustProxy']) {
    await app?.close();
    await db.query('DELETE FROM listings');
    app = await buildApp({ db, networks: [], trustProxy });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/v1/listing`;
  }

  const post = async (forwardedFor?: string, body: FormData = BAD_FORM) =>
    (
      await fetch(url, {
        method: 'POST',
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
        body,
      })
    ).status;

  /** Spends a client's 10 requests of the minute; the 11th is refused. */
  async function exhaust(forwardedFor?: string) {
    for (let i = 0; i < 10; i++) expect(await post(forwardedFor)).toBe(400);
    expect(await post(forwardedFor)).toBe(429);
  }

  it('on: two clients behind the same proxy address get a bucket each', async () => {
    await start(true);
    await exhaust('203.0.113.1');
    expect(await post('203.0.113.2')).toBe(400);
    expect(await post('203.0.113.1')).toBe(429);
  });

  it('on: the proxy appends the client, so a client cannot pick its bucket by sending the header', async () => {
    await start(true);
    await exhaust('203.0.113.1');
    // The client sent "X-Forwarded-For: 198.51.100.7"; the proxy appended the real address.
    expect(await post('198.51.100.7, 203.0.113.1')).toBe(429);
  });

  it('on: the stored listing keeps the client address from the proxy, not the proxy', async () => {
    await start(true);
    const form = new FormData();
    for (const [k, v] of Object.entries(VALID)) form.append(k, v);
    expect(await post('203.0.113.9', form)).toBe(200);
    const { rows } = await db.query<{ client_ip: string }>('SELECT client_ip FROM listings');
    expect(rows).toEqual([{ client_ip: '203.0.113.9' }]);
  });

  it('on, with the proxy addresses listed: only a listed proxy is believed', async () => {
    await start(parseTrustProxy('127.0.0.1/8,::1'));
    await exhaust('203.0.113.1');
    expect(await post('203.0.113.2')).toBe(400);
    // A forged hop in front of the proxy is not a listed proxy: the real client stays the key.
    expect(await post('198.51.100.7, 203.0.113.1')).toBe(429);
  });

  it('on for another proxy address: a client reaching the API directly is its socket address', async () => {
    await start(parseTrustProxy('10.0.0.1'));
    await exhaust('203.0.113.1');
    expect(await post('203.0.113.2')).toBe(429);
  });

  it('off (the default): X-Forwarded-For is ignored, a spoofed header does not escape the limit', async () => {
    await start();
    await exhaust('203.0.113.1');
    expect(await post('203.0.113.2')).toBe(429);
    expect(await post()).toBe(429);
    const form = new FormData();
    for (const [k, v] of Object.entries(VALID)) form.append(k, v);
    await start(false);
    expect(await post('203.0.113.9', form)).toBe(200);
    const { rows } = await db.query<{ client_ip: string }>('SELECT client_ip FROM listings');
    expect(rows).toEqual([{ client_ip: '127.0.0.1' }]);
  });
});

describe('parseTrustProxy (API_TRUST_PROXY, --trust-proxy)', () => {
  it('is off unless set', () => {
    for (const off of [undefined, '', ' ', 'false', 'off', 'no', '0', 'FALSE'])
      expect(parseTrustProxy(off)).toBe(false);
  });
  it('"true" trusts a proxy on this host (loopback)', () => {
    for (const on of ['true', 'on', 'yes', '1', 'TRUE'])
      expect(parseTrustProxy(on)).toEqual(['loopback']);
  });
  it('takes a list of proxy addresses, ranges and proxy-addr names', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,uniquelocal')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'uniquelocal',
    ]);
  });
  it('refuses anything else instead of guessing', () => {
    for (const bad of ['ture', '2', '-1', '1.5', '10.0.0.0/33', 'proxy.example', '127.0.0.1,'])
      expect(() => parseTrustProxy(bad)).toThrow(/API_TRUST_PROXY/);
  });
});
