import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { startApi } from '../main';
import { freshDb } from '../test/databases';
import { adminFile, isLoopback, readAdminFile } from './admin';
import { main } from './cli';
import { getListing } from './store';

const form = {
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

describe('npm run listings while the API holds its PGlite directory', () => {
  let tmp: string;
  let dataDir: string;
  let api: { app: FastifyInstance; db: Db; url: string } | undefined;
  let id: number;
  const env = () => ({ API_DATA_DIR: dataDir });

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'jmswap-admin-'));
    dataDir = join(tmp, 'data');
    const networksFile = join(tmp, 'networks.json');
    writeFileSync(networksFile, JSON.stringify({ networks: {} }));
    api = await startApi({ port: 0, dataDir, networksFile, indexer: false, log: () => undefined });
    const body = new FormData();
    for (const [k, v] of Object.entries(form)) body.append(k, v);
    const res = await fetch(`${api.url}/v1/listing`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    id = ((await res.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await api?.app.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('leaves its url and a random token beside the data directory, for this account only', () => {
    const path = adminFile(dataDir);
    expect(path).toBe(join(tmp, 'api-admin.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const access = readAdminFile(dataDir);
    expect(access?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(access?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lists and shows the request through the API, as on the database itself', async () => {
    const list = await main(['list'], env());
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^id\s+status\s+network\s+contract\s+name\s+created\n/);
    expect(list.out).toContain(`${id}   new     TRON     ${form.contract}  Moon Token`);
    expect((await main(['list', '--status', 'listed'], env())).out).toBe('No listing requests.');
    const show = await main(['show', String(id)], env());
    expect(show.code).toBe(0);
    expect(show.out).toContain('email          team@moon.example');
    expect(await main(['show', '999999'], env())).toEqual({
      code: 1,
      out: 'No listing request 999999.',
    });
  });

  it('set-status changes what the API reads', async () => {
    const set = await main(['set-status', String(id), 'listed', '--note', 'pool seeded'], env());
    expect(set.code).toBe(0);
    expect(set.out).toContain(`Listing ${id} is now listed.`);
    expect(await getListing(api!.db, id)).toMatchObject({ status: 'listed', note: 'pool seeded' });
    expect((await main(['set-status', '999999', 'rejected'], env())).code).toBe(1);
    expect((await main(['set-status', String(id), 'approved'], env())).code).toBe(2);
  });

  it('refuses a missing or wrong token', async () => {
    const url = `${api!.url}/v1/admin/listings`;
    const none = await fetch(url);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    const wrong = await fetch(url, { headers: { authorization: `Bearer ${'0'.repeat(64)}` } });
    expect(wrong.status).toBe(401);
    const token = readAdminFile(dataDir)!.token;
    const post = await fetch(`${url}/${id}/status`, {
      method: 'POST',
      headers: { authorization: `Basic ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'rejected' }),
    });
    expect(post.status).toBe(401);
    expect(await getListing(api!.db, id)).toMatchObject({ status: 'listed' });
    const right = await fetch(`${url}?status=bogus`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.status).toBe(400);
  });

  it('answers loopback clients only', () => {
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.1.2.3'])
      expect(isLoopback(a)).toBe(true);
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '192.168.1.127', '::', undefined])
      expect(isLoopback(a)).toBe(false);
  });

  it('removes the file on close; the CLI then opens the directory itself', async () => {
    await api!.app.close();
    api = undefined;
    expect(existsSync(adminFile(dataDir))).toBe(false);
    const show = await main(['show', String(id), '--json'], env());
    expect(show.code).toBe(0);
    expect(JSON.parse(show.out)).toMatchObject({ id, status: 'listed', note: 'pool seeded' });
  });

  it('says what to do when a process holds the directory without the admin file', async () => {
    const held = join(tmp, 'held');
    mkdirSync(held);
    writeFileSync(join(held, 'postmaster.pid'), '1');
    const result = await main(['list'], { API_DATA_DIR: held });
    expect(result.code).toBe(3);
    expect(result.out).toContain(`is in use and no API left ${join(tmp, 'api-admin.json')}`);
    expect(result.out).toContain('Restart the API');
  });
});

describe('the operator routes without an admin token (PostgreSQL)', () => {
  it('are not there', async () => {
    const { db, drop } = await freshDb('pglite');
    const app = await buildApp({ db, networks: [] });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${url}/v1/admin/listings`, {
        headers: { authorization: 'Bearer x' },
      });
      expect(res.status).toBe(404);
    } finally {
      await app.close();
      await drop();
    }
  });
});
