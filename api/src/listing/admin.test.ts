import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { startApi, type StartedApi } from '../main';
import { freshDb } from '../test/databases';
import { seededPgliteDir } from '../test/pglite-template';
import { freePort } from '../test/postgres-server';
import { adminFile, isLoopback, readAdminFile } from './admin';
import { apiAccess, main } from './cli';
import { main as reindexMain } from '../indexer/reindex-cli';
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
  let api: StartedApi | undefined;
  let id: number;
  const env = () => ({ API_DATA_DIR: dataDir });

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'jmswap-admin-'));
    dataDir = (await seededPgliteDir(join(tmp, 'data'))).dir;
    const networksFile = join(tmp, 'networks.json');
    writeFileSync(networksFile, JSON.stringify({ networks: {} }));
    api = await startApi({
      port: 0,
      dataDir,
      networksFile,
      indexer: false,
      log: () => undefined,
      logLevel: 'silent',
    });
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

  it("leaves its admin listener's url and a random token beside the data directory, for this account only", () => {
    const path = adminFile(dataDir);
    expect(path).toBe(join(tmp, 'api-admin.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const access = readAdminFile(dataDir);
    expect(access?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(access?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Its own listener, not the public one, bound to the loopback address only.
    expect(access?.url).toBe(api!.admin!.url);
    expect(new URL(access!.url).port).not.toBe(new URL(api!.url).port);
    expect(api!.admin!.app.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('the public listener answers 404 to the operator routes, even from loopback with the token', async () => {
    const token = readAdminFile(dataDir)!.token;
    const headers = { authorization: `Bearer ${token}` };
    for (const path of ['/v1/admin/listings', `/v1/admin/listings/${id}`]) {
      const res = await fetch(`${api!.url}${path}`, { headers });
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const post = await fetch(`${api!.url}/v1/admin/listings/${id}/status`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'rejected' }),
    });
    expect(post.status).toBe(404);
    expect(await getListing(api!.db, id)).toMatchObject({ status: 'new' });
    // The admin listener serves the same request.
    const admin = await fetch(`${api!.admin!.url}/v1/admin/listings/${id}`, { headers });
    expect(admin.status).toBe(200);
    expect(await admin.json()).toMatchObject({ id, status: 'new', contract: form.contract });
    // And the admin listener serves nothing of the public api.
    expect((await fetch(`${api!.admin!.url}/health`)).status).toBe(404);
  });

  it('npm run reindex goes through the admin listener too (token required), and /metrics is there without one', async () => {
    const out = await reindexMain(['--network', 'BSC', '--from', '7', '--wait', '0'], env());
    expect(out).toEqual({
      code: 0,
      out: expect.stringMatching(/^BSC: re-index from block 7 requested\./),
    });
    expect((await reindexMain(['--status'], env())).out).toBe(
      'BSC   cursor -; re-index from 7 requested',
    );
    const unauthorised = await fetch(`${api!.admin!.url}/v1/admin/indexer`);
    expect(unauthorised.status).toBe(401);
    const bad = await reindexMain(['--network', 'XYZ', '--from', '7'], env());
    expect(bad.code).toBe(2);
    const metrics = await fetch(`${api!.admin!.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('jmswap_api_http_requests_total');
    expect((await fetch(`${api!.url}/metrics`)).status).toBe(404);
  });

  it("the CLI's API client works against the admin listener and says so when pointed at the public one", async () => {
    const { token } = readAdminFile(dataDir)!;
    const rows = await apiAccess(api!.admin!.url, token).list({ limit: 10 });
    expect(rows).toEqual([expect.objectContaining({ id, contract: form.contract })]);
    expect(await apiAccess(api!.admin!.url, token).get(999999)).toBeUndefined();
    await expect(apiAccess(api!.url, token).list({ limit: 10 })).rejects.toThrow(
      /has no operator routes/,
    );
    await expect(apiAccess(api!.url, token).get(id)).rejects.toThrow(/has no operator routes/);
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
    const url = `${api!.admin!.url}/v1/admin/listings`;
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

  it('removes the file and stops the admin listener on close; the CLI then opens the directory itself', async () => {
    const adminUrl = api!.admin!.url;
    await api!.app.close();
    api = undefined;
    expect(existsSync(adminFile(dataDir))).toBe(false);
    await expect(fetch(`${adminUrl}/v1/admin/listings`)).rejects.toThrow();
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

describe('the admin listener', () => {
  it('listens on the port it is given (API_ADMIN_PORT, --admin-port)', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'jmswap-admin-port-'));
    const networksFile = join(tmp, 'networks.json');
    writeFileSync(networksFile, JSON.stringify({ networks: {} }));
    const adminPort = await freePort();
    const { dir: dataDir } = await seededPgliteDir(join(tmp, 'data'));
    const api = await startApi({
      port: 0,
      adminPort,
      dataDir,
      networksFile,
      indexer: false,
      log: () => undefined,
      logLevel: 'silent',
    });
    try {
      expect(api.admin?.url).toBe(`http://127.0.0.1:${adminPort}`);
      expect(readAdminFile(dataDir)?.url).toBe(`http://127.0.0.1:${adminPort}`);
      expect((await main(['list'], { API_DATA_DIR: dataDir })).out).toBe('No listing requests.');
    } finally {
      await api.app.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('a taken admin port stops the start-up and leaves nothing running', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'jmswap-admin-taken-'));
    const networksFile = join(tmp, 'networks.json');
    writeFileSync(networksFile, JSON.stringify({ networks: {} }));
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const taken = (blocker.address() as { port: number }).port;
    const port = await freePort();
    const { dir: dataDir } = await seededPgliteDir(join(tmp, 'data'));
    try {
      const result = await startApi({
        port,
        adminPort: taken,
        dataDir,
        networksFile,
        indexer: false,
        log: () => undefined,
        logLevel: 'silent',
      }).catch((e: unknown) => e);
      // (Errors from node's net module are of another realm under jest: no instanceof.)
      if (result && typeof result === 'object' && 'app' in result)
        await (result as StartedApi).app.close();
      expect(String(result)).toMatch(/EADDRINUSE/);
      expect(existsSync(adminFile(dataDir))).toBe(false);
      await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
      // The directory was let go: the CLI opens it itself.
      expect((await main(['list'], { API_DATA_DIR: dataDir })).code).toBe(0);
    } finally {
      blocker.close();
      rmSync(tmp, { recursive: true, force: true });
    }
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
