import Fastify, { type FastifyInstance } from 'fastify';
import type { IndexedNetwork } from '../config';
import type { Db } from '../db/db';
import { dbPlugin } from '../plugins/db';
import { errorsPlugin } from '../plugins/errors';
import type { ChainAnswer } from './chain';
import { listingPlugin, MAX_REQUEST_BYTES, type ListingOptions } from './plugin';
import { getListing, listListings } from './store';
import { DB_KINDS, freshDb } from '../test/databases';

const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BSC_TOKEN = '0x55d398326f99059fF775485246999027B3197955';
const valid = {
  name: 'Moon Token',
  network: 'TRON',
  type: 'TRC-20',
  contract: TRON_USDT,
  tax: '5',
  supply: '1000000',
  website: 'https://moon.example',
  email: 'team@moon.example',
  telegram: '@moontoken',
};
// BSC is "indexed" (its node is known), so its contracts are checked on chain.
const networks = [
  { id: 'BSC', platform: 'evm', nodeUrl: 'http://bsc.node.test' },
] as unknown as IndexedNetwork[];

describe.each(DB_KINDS)('POST /v1/listing on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let url: string;
  let chain: jest.Mock<Promise<ChainAnswer>, [unknown, string]>;

  async function start(listing: ListingOptions = {}) {
    await app?.close();
    // Clients are told apart by X-Forwarded-For, as behind the deployment's proxy.
    app = Fastify({ trustProxy: true });
    await app.register(errorsPlugin);
    await app.register(dbPlugin, { db, networks });
    await app.register(listingPlugin, { listing: { readToken: chain, ...listing } });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/v1/listing`;
  }

  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
  });
  afterAll(async () => {
    await app?.close();
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM listings');
    chain = jest.fn<Promise<ChainAnswer>, [unknown, string]>(async () => ({
      kind: 'token',
      facts: { name: 'Moon Token', symbol: 'MOON', decimals: 18 },
    }));
    await start();
  });

  /** A real multipart body, as the browser's FormData sends it. */
  async function multipart(fields: Record<string, string | Blob>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = new Response(form);
    return {
      payload: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') as string,
    };
  }

  async function send(
    headers: Record<string, string>,
    payload: string | Buffer,
    client = '10.0.0.1',
  ) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-forwarded-for': client, ...headers },
      body: typeof payload === 'string' ? payload : new Uint8Array(payload),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: JSON.parse(text) as Record<string, any>,
      text,
      headers: res.headers,
    };
  }

  async function post(fields: Record<string, string | Blob>, client = '10.0.0.1') {
    const { payload, contentType } = await multipart(fields);
    return send({ 'content-type': contentType }, payload, client);
  }

  it('stores a valid request with status new and answers its id', async () => {
    const { status, body, headers } = await post(valid);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, id: expect.any(Number) });
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    const row = await getListing(db, body.id);
    expect(row).toMatchObject({
      network: 'TRON',
      contract: TRON_USDT,
      name: 'Moon Token',
      type: 'TRC-20',
      tax: 5,
      supply: '1000000',
      telegram: 'moontoken',
      status: 'new',
      chainName: null,
    });
    // TRON is not indexed in this app: no chain call.
    expect(chain).not.toHaveBeenCalled();
  });

  it('stores a tax to the hundredth and a supply and site written the way people write them', async () => {
    const { status, body } = await post({
      ...valid,
      tax: '2.5 %',
      supply: '1,000,000',
      website: 'moon.example',
    });
    expect(status).toBe(200);
    expect(await getListing(db, body.id)).toMatchObject({
      tax: 2.5,
      supply: '1000000',
      website: 'https://moon.example/',
    });
  });

  it('answers every field error in the contract shape, first error first', async () => {
    const { status, body } = await post({ ...valid, tax: '101', email: 'nope' });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Bad Request',
      message: 'tax must be a percent from 0 to 100, e.g. 3 or 2.5',
      statusCode: 400,
      errors: [
        { field: 'tax', message: 'must be a percent from 0 to 100, e.g. 3 or 2.5' },
        { field: 'email', message: 'is not a valid email address' },
      ],
    });
    expect(await listListings(db)).toHaveLength(0);
  });

  it('answers a duplicate clearly and stores it once (also in another letter case)', async () => {
    const bsc = { ...valid, network: 'BSC', type: 'BEP-20', contract: BSC_TOKEN };
    expect((await post(bsc)).status).toBe(200);
    const again = await post({ ...bsc, contract: BSC_TOKEN.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      statusCode: 409,
      errors: [{ field: 'contract', message: 'was already submitted for BSC' }],
    });
    // Two at once: the unique key lets one in.
    await db.query('DELETE FROM listings');
    const both = await Promise.all([post(bsc, '10.0.0.2'), post(bsc, '10.0.0.3')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await listListings(db)).toHaveLength(1);
  });

  it('checks the contract on an indexed chain and says when it does not fit the form', async () => {
    const bsc = { ...valid, network: 'BSC', type: 'BEP-20', contract: BSC_TOKEN };
    chain.mockResolvedValueOnce({ kind: 'missing' });
    expect((await post(bsc)).body.errors).toEqual([
      { field: 'contract', message: 'has no contract on BSC' },
    ]);
    chain.mockResolvedValueOnce({ kind: 'not-token' });
    expect((await post(bsc)).body.errors[0].message).toBe(
      'is not a token on BSC (no name, symbol and decimals)',
    );
    chain.mockResolvedValueOnce({
      kind: 'token',
      facts: { name: 'Tether USD', symbol: 'USDT', decimals: 18 },
    });
    expect((await post(bsc)).body.errors).toEqual([
      {
        field: 'name',
        message: 'does not match the contract: it is "Tether USD" (USDT, 18 decimals)',
      },
    ]);
    chain.mockResolvedValueOnce({ kind: 'unreachable', reason: 'ECONNREFUSED' });
    const down = await post(bsc);
    expect(down.status).toBe(503);
    expect(down.body.errors[0]).toEqual({
      field: 'contract',
      message: 'could not be checked on BSC right now; please try again later',
    });
    expect(await listListings(db)).toHaveLength(0);
    // The symbol is accepted as the name too; what the chain said is kept for the operator.
    const ok = await post({ ...bsc, name: 'moon' });
    expect(ok.status).toBe(200);
    expect(chain).toHaveBeenLastCalledWith(
      { platform: 'evm', nodeUrl: 'http://bsc.node.test' },
      BSC_TOKEN,
    );
    expect(await getListing(db, ok.body.id)).toMatchObject({
      chainName: 'Moon Token',
      chainSymbol: 'MOON',
      chainDecimals: 18,
    });
  });

  it('refuses oversized requests, files, unknown and repeated fields', async () => {
    const big = await post({ ...valid, name: 'x'.repeat(MAX_REQUEST_BYTES) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ statusCode: 413, errors: [{ field: 'form' }] });
    const longField = await post({ ...valid, website: `https://a.example/${'x'.repeat(3000)}` });
    expect(longField.status).toBe(400);
    expect(longField.body.errors[0].field).toBe('website');
    const file = await post({ ...valid, logo: new Blob(['GIF89a'], { type: 'image/gif' }) });
    expect(file.status).toBe(413);
    const unknown = await post({ ...valid, admin: 'true' });
    expect(unknown.body.errors).toEqual([
      { field: 'form', message: 'has an unknown field "admin"' },
    ]);
    const form = new FormData();
    for (const [k, v] of Object.entries(valid)) form.append(k, v);
    form.append('tax', '9');
    const body = new Response(form);
    const repeated = await send(
      { 'content-type': body.headers.get('content-type') as string },
      Buffer.from(await body.arrayBuffer()),
    );
    expect(repeated.body.errors).toEqual([{ field: 'tax', message: 'must be sent once' }]);
    expect(await listListings(db)).toHaveLength(0);
  });

  it('answers malformed payloads with 4xx in the error shape, never 500', async () => {
    const cases: Array<[string, string]> = [
      ['application/json', JSON.stringify(valid)],
      ['application/x-www-form-urlencoded', 'name=x'],
      ['multipart/form-data; boundary=abc', 'garbage'],
      ['multipart/form-data', '--x\r\n'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nab',
      ],
      ['text/plain', 'hello'],
    ];
    for (const [type, payload] of cases) {
      const res = await send({ 'content-type': type }, payload);
      expect([type, res.status >= 400 && res.status < 500]).toEqual([type, true]);
      expect(res.body).toMatchObject({ error: expect.any(String), statusCode: res.status });
    }
    expect(await listListings(db)).toHaveLength(0);
  });

  it('stores script-laden texts never, and answers them only inside JSON', async () => {
    const script = '<script>alert(1)</script>';
    const res = await post({ ...valid, name: script, website: `https://x.example/${script}` });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.body.errors[0]).toEqual({
      field: 'name',
      message: 'contains characters that are not allowed',
    });
    expect(res.text).not.toContain('<script>');
    expect(await listListings(db)).toHaveLength(0);
  });

  it('rate-limits each client on its own', async () => {
    await start({ rateLimit: { max: 2, timeWindow: 60_000 } });
    const bad = { ...valid, tax: 'x' };
    expect((await post(bad)).status).toBe(400);
    expect((await post(bad)).status).toBe(400);
    const limited = await post(valid);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'Too Many Requests', statusCode: 429 });
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await post(valid, '10.9.9.9')).status).toBe(200);
  });
});

describe('the listing chain check with several nodes (nodeUrls)', () => {
  it('asks the next node when one does not answer', async () => {
    const { db, drop } = await freshDb('pglite');
    const nets = [
      {
        id: 'BSC',
        platform: 'evm',
        nodeUrl: 'http://a.test',
        nodeUrls: ['http://a.test', 'http://b.test'],
      },
    ] as unknown as IndexedNetwork[];
    const asked: string[] = [];
    const app = Fastify();
    try {
      await app.register(errorsPlugin);
      await app.register(dbPlugin, { db, networks: nets });
      await app.register(listingPlugin, {
        listing: {
          readToken: async (endpoint) => {
            asked.push(endpoint.nodeUrl);
            return endpoint.nodeUrl === 'http://a.test'
              ? { kind: 'unreachable', reason: 'ECONNREFUSED' }
              : { kind: 'token', facts: { name: 'Moon Token', symbol: 'MOON', decimals: 18 } };
          },
        },
      });
      const form = new FormData();
      for (const [k, v] of Object.entries({
        ...valid,
        network: 'BSC',
        type: 'BEP-20',
        contract: BSC_TOKEN,
      }))
        form.append(k, v);
      const body = new Response(form);
      const res = await app.inject({
        method: 'POST',
        url: '/v1/listing',
        headers: { 'content-type': body.headers.get('content-type')! },
        payload: Buffer.from(await body.arrayBuffer()),
      });
      expect(res.statusCode).toBe(200);
      expect(asked).toEqual(['http://a.test', 'http://b.test']);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('the declared tax against the tax the token takes', () => {
  it('refuses a declared tax the chain contradicts, with what it takes, and stores nothing', async () => {
    const { db, drop } = await freshDb('pglite');
    const wbnb = { key: '0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c' };
    const nets = [
      {
        id: 'BSC',
        platform: 'evm',
        nodeUrl: 'http://bsc.node.test',
        factory: '0xca143ce32fe78f1f7019d7d551a6402fc5350c73',
        baseToken: 'BNB',
        tokensBySymbol: new Map([['BNB', wbnb]]),
      },
    ] as unknown as IndexedNetwork[];
    const measured: string[] = [];
    const app = Fastify();
    try {
      await app.register(errorsPlugin);
      await app.register(dbPlugin, { db, networks: nets });
      await app.register(listingPlugin, {
        listing: {
          readToken: async () => ({
            kind: 'token',
            facts: { name: 'Moon Token', symbol: 'MOON', decimals: 18 },
          }),
          measureTax: async (_endpoint, dex, token) => {
            measured.push(`${dex.wrappedBase} ${token}`);
            return { kind: 'measured', bps: 400n, exact: true, maxBps: 400n };
          },
        },
      });
      const post = async (tax: string) => {
        const form = new FormData();
        const fields = { ...valid, network: 'BSC', type: 'BEP-20', contract: BSC_TOKEN, tax };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        const body = new Response(form);
        return app.inject({
          method: 'POST',
          url: '/v1/listing',
          headers: { 'content-type': body.headers.get('content-type')! },
          payload: Buffer.from(await body.arrayBuffer()),
        });
      };
      const wrong = await post('5');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([
        {
          field: 'tax',
          message:
            'is 5% but the token takes 4% on every transfer on BSC (measured by simulating a buy from its JMSwap pool); declare the tax it takes',
        },
      ]);
      expect(await listListings(db)).toHaveLength(0);
      expect(measured).toEqual([`${wbnb.key} ${BSC_TOKEN.toLowerCase()}`]);
      expect((await post('4')).statusCode).toBe(200);
    } finally {
      await app.close();
      await drop();
    }
  });
});
