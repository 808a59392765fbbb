// `npm run analytics -- summary`: directly on the database, through a running API's admin
// listener (PGlite held by the API), and as the command line runs it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAdminApp } from '../app';
import { Metrics } from '../metrics';
import { freshDb } from '../test/databases';
import { apiAccess, main, parseDays, runAnalyticsCli } from './cli';
import { countEvents } from './store';
import type { SiteEvent } from './events';

const ev = (event: SiteEvent['event'], network?: SiteEvent['network']): SiteEvent => ({
  event,
  network,
  surface: 'site',
});

it('parses --since as whole days', () => {
  expect(parseDays('7d')).toBe(7);
  expect(parseDays('366d')).toBe(366);
  for (const bad of ['0d', '367d', '7', '24h', 'd', '-1d']) expect(parseDays(bad)).toBeUndefined();
});

it('counts per event and network over the window, largest first; older days left out', async () => {
  const { db, drop } = await freshDb('pglite');
  try {
    await countEvents(db, [
      ev('ROUTE_INDEX', 'TRON'),
      ev('ROUTE_INDEX', 'TRON'),
      ev('SWAP', 'TRON'),
      ev('ROUTE_HELP'),
    ]);
    await db.query(
      `INSERT INTO analytics_events (day, event, network, surface, count)
       VALUES ((now() AT TIME ZONE 'UTC')::date - 10, 'SWAP', 'BSC', 'site', 99)`,
    );
    const week = await runAnalyticsCli(['summary'], db);
    expect(week.code).toBe(0);
    expect(week.out.split('\n')).toEqual([
      '4 analytics events in the last 7d (UTC days, today included), per event and network:',
      'event        network  count',
      'ROUTE_INDEX  TRON         2',
      'ROUTE_HELP   -            1',
      'SWAP         TRON         1',
    ]);
    const month = await runAnalyticsCli(['summary', '--since', '30d', '--json'], db);
    expect(JSON.parse(month.out).counts[0]).toEqual({ event: 'SWAP', network: 'BSC', count: 99 });
    expect((await runAnalyticsCli(['summary', '--since', '24h'], db)).code).toBe(2);
    expect((await runAnalyticsCli(['count'], db)).code).toBe(2);
    await db.query('DELETE FROM analytics_events');
    expect((await runAnalyticsCli(['summary'], db)).out).toBe(
      'No analytics events in the last 7d.',
    );
  } finally {
    await drop();
  }
});

it("through the running API's admin listener (the API holds PGlite), behind its token", async () => {
  const { db, drop } = await freshDb('pglite');
  const token = 'a'.repeat(64);
  const admin = await buildAdminApp({ db, metrics: new Metrics(), adminToken: token });
  try {
    await countEvents(db, [ev('WALLET_CONNECT', 'ETH')]);
    const url = await admin.listen({ port: 0, host: '127.0.0.1' });
    const through = await runAnalyticsCli(['summary'], apiAccess(url, token));
    expect(through).toEqual(await runAnalyticsCli(['summary'], db));
    expect(through.out).toContain('WALLET_CONNECT  ETH          1');
    expect((await fetch(`${url}/v1/admin/analytics`)).status).toBe(401);
  } finally {
    await admin.close();
    await drop();
  }
});

it('as the command line runs it: a PGlite directory of its own; bad arguments open no database', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'analytics-cli-'));
  try {
    const r = await main(['summary', '--data', join(dir, 'data')], {});
    expect(r).toEqual({ code: 0, out: 'No analytics events in the last 7d.' });
    expect(
      (await main(['summary', '--since', 'soon'], { DATABASE_URL: 'postgres://nowhere:1/x' })).code,
    ).toBe(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
