// `npm run reports -- list`, on PGlite and on the PostgreSQL server the tests start;
// directly on the database, through a running API's admin listener (PGlite held by the API), and
// as the command line runs it (main: --data, --database-url).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAdminApp } from '../app';
import type { Db, Queryable } from '../db/db';
import { Metrics } from '../metrics';
import { DB_KINDS, freshDb } from '../test/databases';
import { apiReportAccess, main, parseSince, runReportsCli } from './cli';

/** A report received `ago` before now (the database's clock), as the route stores it. */
async function received(
  db: Queryable,
  ago: string,
  kind: string,
  remote: string | null,
  version: string | null,
  cause: string,
) {
  await db.query(
    `INSERT INTO client_reports (received_at, kind, remote, version, cause, page)
     VALUES (now() - $1::interval, $2, $3, $4, $5, '/swap')`,
    [ago, kind, remote, version, cause],
  );
}

/** The table's rows as cells: count, first seen, last seen, kind, remote, version, cause. */
const rowsOf = (out: string) =>
  out
    .split('\n')
    .slice(2)
    .filter((l) => /^\s*\d+ /.test(l))
    .map((l) => l.trim().split(/ {2,}/));

async function fill(db: Queryable) {
  await db.query('DELETE FROM client_reports');
  // integrity on swap 1.4.2: three reports, from 3 h to 10 min ago
  await received(db, '3 hours', 'integrity', 'swap', '1.4.2', 'sha384 mismatch');
  await received(db, '50 minutes', 'integrity', 'swap', '1.4.2', 'sha384 mismatch');
  await received(db, '10 minutes', 'integrity', 'swap', '1.4.2', 'sha384 mismatch');
  // the same cause from another version is another group
  await received(db, '20 minutes', 'integrity', 'swap', '1.4.1', 'sha384 mismatch');
  // remote-load on charts, twice, the newest report of all
  await received(db, '2 hours', 'remote-load', 'charts', '3.0.0', 'timeout after 10 s');
  await received(db, '1 minute', 'remote-load', 'charts', '3.0.0', 'timeout after 10 s');
  // a CSP violation (no remote, no version), 30 h ago: outside the default 24 h
  await received(db, '30 hours', 'csp', null, null, 'script-src-elem blocked inline');
  // a hostile cause: a terminal escape sequence
  await received(db, '5 hours', 'refused-base', 'pools', null, 'base \u001b[2J http://x');
}

describe.each(DB_KINDS)('npm run reports on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let url: string | undefined;
  beforeAll(async () => {
    ({ db, drop, url } = await freshDb(kind));
    await fill(db);
  });
  afterAll(() => drop());

  it('groups the last 24 h by kind, remote, version and cause with counts, first and last seen, the most recently seen first', async () => {
    const { code, out } = await runReportsCli(['list'], db);
    expect(code).toBe(0);
    const [title, head] = out.split('\n');
    expect(title).toBe('7 client reports in the last 24h, 4 groups, the most recently seen first:');
    expect(head).toMatch(/^count {2}first seen +last seen +kind +remote +version +cause$/);
    const rows = rowsOf(out);
    expect(rows.map((r) => [r[0], ...r.slice(3)])).toEqual([
      ['2', 'remote-load', 'charts', '3.0.0', 'timeout after 10 s'],
      ['3', 'integrity', 'swap', '1.4.2', 'sha384 mismatch'],
      ['1', 'integrity', 'swap', '1.4.1', 'sha384 mismatch'],
      ['1', 'refused-base', 'pools', '-', 'base ?[2J http://x'],
    ]);
    expect(out).not.toContain('\u001b');
    // First and last seen: UTC times, 3 h apart for the integrity group.
    const [, first, last] = rows[1]!;
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const hours = (Date.parse(last!) - Date.parse(first!)) / 3_600_000;
    expect(hours).toBeCloseTo(2 + 50 / 60, 1);
  });

  it('--since narrows the window, --remote and --kind filter', async () => {
    const hour = await runReportsCli(['list', '--since', '1h'], db);
    expect(hour.out.split('\n')[0]).toBe(
      '4 client reports in the last 1h, 3 groups, the most recently seen first:',
    );
    expect(rowsOf(hour.out).map((r) => [r[0], r[3], r[5]])).toEqual([
      ['1', 'remote-load', '3.0.0'],
      ['2', 'integrity', '1.4.2'],
      ['1', 'integrity', '1.4.1'],
    ]);
    const swap = await runReportsCli(['list', '--remote', 'swap'], db);
    expect(rowsOf(swap.out).map((r) => [r[0], r[4], r[5]])).toEqual([
      ['3', 'swap', '1.4.2'],
      ['1', 'swap', '1.4.1'],
    ]);
    expect(swap.out).toContain('(remote swap)');
    const csp = await runReportsCli(['list', '--since', '2d', '--kind', 'csp'], db);
    expect(rowsOf(csp.out).map((r) => [r[0], r[3], r[4], r[5], r[6]])).toEqual([
      ['1', 'csp', '-', '-', 'script-src-elem blocked inline'],
    ]);
    const both = await runReportsCli(['list', '--kind', 'integrity', '--remote', 'charts'], db);
    expect(both).toEqual({
      code: 0,
      out: 'No client reports in the last 24h (kind integrity, remote charts).',
    });
    const json = JSON.parse((await runReportsCli(['list', '--since', '30m', '--json'], db)).out);
    expect(json).toEqual({
      since: '30m',
      more: false,
      groups: [
        expect.objectContaining({ kind: 'remote-load', count: 1 }),
        expect.objectContaining({ kind: 'integrity', version: '1.4.2', count: 1 }),
        expect.objectContaining({ kind: 'integrity', version: '1.4.1', count: 1 }),
      ],
    });
    const limited = await runReportsCli(['list', '--limit', '1'], db);
    expect(rowsOf(limited.out)).toHaveLength(1);
    expect(limited.out).toMatch(/^At least 2 client reports/);
    expect(limited.out).toContain('(more groups not shown');
  });

  it('prints no bidirectional or zero-width character a row may hold (stored before they were stripped)', async () => {
    await received(
      db,
      '1 minute',
      'node',
      null,
      null,
      'node http://a\u202eexample\u200b.bad is on chain 1',
    );
    const { out } = await runReportsCli(['list', '--since', '5m', '--kind', 'node'], db);
    expect(out).toContain('node http://aexample.bad is on chain 1');
    expect(out).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
    await db.query("DELETE FROM client_reports WHERE kind = 'node'");
  });

  it('says so when there are no reports', async () => {
    expect(await runReportsCli(['list', '--since', '1m', '--kind', 'csp'], db)).toEqual({
      code: 0,
      out: 'No client reports in the last 1m (kind csp).',
    });
  });

  it('refuses bad arguments with the usage and exit code 2', async () => {
    for (const argv of [
      ['list', '--since', '5x'],
      ['list', '--since', '1w'],
      ['list', '--since', '400d'],
      ['list', '--since'],
      ['list', '--kind', 'crash'],
      ['list', '--remote', 'wallet'],
      ['list', '--limit', '0'],
      ['list', '--verbose'],
      ['list', 'swap'],
      ['show'],
    ]) {
      const r = await runReportsCli(argv, db);
      expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
      expect(r.out).toContain('usage: npm run reports -- list');
    }
    expect(await runReportsCli([], db)).toMatchObject({ code: 0 });
  });

  it('runs as the command line does (main), on this database', async () => {
    const argv = ['list', '--since', '1h', '--remote', 'swap'];
    // PostgreSQL: --database-url; PGlite: a directory of its own (main opens it).
    if (kind === 'postgres') {
      const r = await main([...argv, '--database-url', url!], {});
      expect(r.code).toBe(0);
      expect(rowsOf(r.out).map((x) => [x[0], x[5]])).toEqual([
        ['2', '1.4.2'],
        ['1', '1.4.1'],
      ]);
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'reports-cli-'));
      try {
        const r = await main([...argv, '--data', join(dir, 'data')], {});
        expect(r).toEqual({ code: 0, out: 'No client reports in the last 1h (remote swap).' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    // Bad arguments never open a database.
    expect(
      (await main(['list', '--since', 'soon'], { DATABASE_URL: 'postgres://nowhere:1/x' })).code,
    ).toBe(2);
  });
});

describe('npm run reports through the admin listener (an API holds the PGlite directory)', () => {
  it('prints what the database gives, behind the token', async () => {
    const { db, drop } = await freshDb('pglite');
    const token = 'a'.repeat(64);
    const admin = await buildAdminApp({ db, metrics: new Metrics(), adminToken: token });
    try {
      await fill(db);
      const url = await admin.listen({ port: 0, host: '127.0.0.1' });
      const argv = ['list', '--since', '2d'];
      const through = await runReportsCli(argv, apiReportAccess(url, token));
      const direct = await runReportsCli(argv, db);
      expect(through.code).toBe(0);
      expect(through.out).toBe(direct.out);
      expect(rowsOf(through.out)).toHaveLength(5);
      const refused = await fetch(`${url}/v1/admin/client-reports`);
      expect(refused.status).toBe(401);
      await expect(runReportsCli(['list'], apiReportAccess(url, 'b'.repeat(64)))).rejects.toThrow(
        /the API answered 401/,
      );
    } finally {
      await admin.close();
      await drop();
    }
  });
});

it('reads --since as minutes, hours or days', () => {
  expect(parseSince('30m')).toBe(1800);
  expect(parseSince('1h')).toBe(3600);
  expect(parseSince('2d')).toBe(172_800);
  for (const bad of ['0h', '1', 'h', '-1h', '1.5h', '1H', '367d', '30s'])
    expect(parseSince(bad)).toBeUndefined();
});
