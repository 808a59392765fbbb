// Client reports are not kept for ever: older than the kept days, or past the row cap (the
// oldest first), they are deleted by the api at start-up and on a timer; on PGlite and on the
// PostgreSQL server the tests start.
import type { Db, Queryable } from '../db/db';
import { DB_KINDS, freshDb } from '../test/databases';
import { startReportRetention } from './retention';
import { pruneReports } from './store';

async function received(db: Queryable, ago: string, cause: string) {
  await db.query(
    `INSERT INTO client_reports (received_at, kind, remote, version, cause, page)
     VALUES (now() - $1::interval, 'integrity', 'swap', '1.4.2', $2, '/swap')`,
    [ago, cause],
  );
}

const causes = async (db: Queryable) =>
  (await db.query<{ cause: string }>('SELECT cause FROM client_reports ORDER BY id')).rows.map(
    (r) => r.cause,
  );

describe.each(DB_KINDS)('client report retention on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
  });
  afterAll(() => drop());
  beforeEach(() => db.query('DELETE FROM client_reports'));

  it('deletes the reports older than 30 days and keeps the rest', async () => {
    await received(db, '400 days', 'last year');
    await received(db, '31 days', 'last month');
    await received(db, '29 days', 'within the month');
    await received(db, '5 minutes', 'just now');
    expect(await pruneReports(db)).toBe(2);
    expect(await causes(db)).toEqual(['within the month', 'just now']);
    // Nothing more to delete: running it again (another api process, the next round) is safe.
    expect(await pruneReports(db)).toBe(0);
    expect(await pruneReports(db, { keepDays: 1 })).toBe(1);
    expect(await causes(db)).toEqual(['just now']);
  });

  it('keeps only the newest reports past the row cap', async () => {
    for (let i = 1; i <= 5; i++) await received(db, `${10 - i} minutes`, `report ${i}`);
    expect(await pruneReports(db, { maxRows: 3 })).toBe(2);
    expect(await causes(db)).toEqual(['report 3', 'report 4', 'report 5']);
    expect(await pruneReports(db, { maxRows: 3 })).toBe(0);
  });

  it('prunes when the api starts and again on its timer, and says how many it deleted', async () => {
    await received(db, '60 days', 'stale');
    await received(db, '1 minute', 'fresh');
    const lines: Array<{ deleted?: number; msg: string }> = [];
    const log = (fields: object, msg: string) => lines.push({ ...fields, msg });
    const logger = { debug: log, info: log, warn: log, error: log } as never;
    const retention = startReportRetention({ db, logger, everyMs: 100 });
    try {
      await waitFor(async () => (await causes(db)).length === 1);
      expect(await causes(db)).toEqual(['fresh']);
      // A report that grows old while the api runs goes at the next round.
      await received(db, '45 days', 'stale later');
      await waitFor(async () => (await causes(db)).length === 1);
      expect(await causes(db)).toEqual(['fresh']);
    } finally {
      await retention.stop();
    }
    expect(
      lines.filter((l) => l.msg === 'old client reports deleted').map((l) => l.deleted),
    ).toEqual([1, 1]);
    // Stopped: nothing is deleted any more. Absence has no event to wait for: three of its
    // rounds (every 100 ms) pass, in which a running retention would have deleted the report.
    await received(db, '90 days', 'after stop');
    await new Promise((r) => setTimeout(r, 300));
    expect(await causes(db)).toEqual(['fresh', 'after stop']);
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  for (const end = Date.now() + ms; !(await check());) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
