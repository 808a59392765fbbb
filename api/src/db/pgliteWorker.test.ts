import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { seededPgliteDir } from '../test/pglite-template';
import { openPgliteWorker } from './db';

/** PGlite on its worker, in a new directory copied from the run's empty cluster (no initdb). */
async function workerFromTemplate() {
  const { dir, remove } = await seededPgliteDir();
  return { db: openPgliteWorker(dir), remove };
}

it('PGlite on its worker thread keeps what a transaction committed, drops what it rolled back, and says why a statement failed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jmswap-pglite-worker-'));
  try {
    // A new directory (created by a thread of its own), with the api's small buffer pool.
    let db = openPgliteWorker(dir);
    expect((await db.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    await db.exec('CREATE TABLE t (k int PRIMARY KEY, v numeric)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1, $2)', [1, '1.5']);
      await tx.query('INSERT INTO t VALUES ($1, $2)', [2, '2.5']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES ($1, $2)', [3, '3.5']);
        await tx.query('INSERT INTO t VALUES ($1, $2)', [1, '9']);
      }),
    ).rejects.toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    // Queries asked together while a transaction runs wait for it (one session).
    const [rows] = await Promise.all([
      db.query<{ k: number; v: string }>('SELECT k, v::text AS v FROM t ORDER BY k'),
      db.transaction((tx) => tx.query('UPDATE t SET v = v + 1 WHERE k = 2')),
    ]);
    expect(rows.rows).toEqual([
      { k: 1, v: '1.5' },
      { k: 2, v: '2.5' },
    ]);
    await db.close();
    // Reopened: the committed rows are on disk.
    db = openPgliteWorker(dir);
    const { rows: again } = await db.query<{ k: number; v: string }>(
      'SELECT k, v::text AS v FROM t ORDER BY k',
    );
    expect(again).toEqual([
      { k: 1, v: '1.5' },
      { k: 2, v: '3.5' },
    ]);
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/exited/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("a named statement on PGlite's worker is prepared once and gives the plain query's rows, its values kept as values", async () => {
  const { db, remove } = await workerFromTemplate();
  try {
    await db.exec('CREATE TABLE w (owner text, at bigint, note text, n int, usd float8)');
    const odd = ["it's", 'back\\slash', "x'); DROP TABLE w; --", 'plain'];
    for (const [i, owner] of odd.entries())
      await db.query('INSERT INTO w VALUES ($1, $2, $3, $4, $5)', [
        owner,
        i,
        i % 2 ? null : `n${i}`,
        i * 7,
        i % 2 ? 0.1 * i : null,
      ]);
    const sql =
      'SELECT owner, at::text AS at, note FROM w WHERE owner = $1 AND at < $2 ORDER BY at';
    for (const owner of [...odd, ...odd]) {
      const plain = await db.query(sql, [owner, 10]);
      const named = await db.query(sql, [owner, 10], 'owner-page');
      expect(named.rows).toEqual(plain.rows);
      expect(named.rows).toHaveLength(1);
    }
    // Prepared once in PGlite's one session, not parsed and planned per query.
    expect((await db.query('SELECT name FROM pg_prepared_statements')).rows).toEqual([
      { name: 'owner-page' },
    ]);
    // A null value and a value past the rows: the same as the plain query.
    expect((await db.query(sql, [null, 10], 'owner-page')).rows).toEqual([]);
    expect((await db.query(sql, ['plain', 0], 'owner-page')).rows).toEqual([]);
    // The table is still there (the quote in a value never ended a literal).
    expect((await db.query('SELECT count(*)::int AS n FROM w')).rows).toEqual([{ n: 4 }]);
    // One name, one text.
    await expect(db.query('SELECT 1 AS one WHERE $1::int > 0', [1], 'owner-page')).rejects.toThrow(
      /taken by another SQL text/,
    );
  } finally {
    await db.close();
    remove();
  }
});

it("reads asked together are on the worker's way at once: the second is posted before the first's answer is back", async () => {
  const posted = jest.spyOn(Worker.prototype, 'postMessage');
  const { db, remove } = await workerFromTemplate();
  try {
    await db.query('SELECT 1');
    const queries = () =>
      posted.mock.calls
        .map(([m]) => m as { op: string; sql?: string })
        .filter((m) => m.op === 'query');
    const before = queries().length;
    const first = db.query('SELECT pg_sleep(0.2)');
    const second = db.query<{ two: number }>('SELECT 2 AS two');
    // Both are with the worker already, while this thread has not let the first answer in: the
    // worker runs the second without waiting for this thread (which may be busy under load).
    expect(
      queries()
        .slice(before)
        .map((m) => m.sql),
    ).toEqual(['SELECT pg_sleep(0.2)', 'SELECT 2 AS two']);
    await first;
    expect((await second).rows).toEqual([{ two: 2 }]);
  } finally {
    posted.mockRestore();
    await db.close();
    remove();
  }
});

it('a read asked while a transaction is open waits for it and never sees its uncommitted rows', async () => {
  const { db, remove } = await workerFromTemplate();
  try {
    await db.exec('CREATE TABLE r (k int)');
    let inserted!: () => void;
    const insertedP = new Promise<void>((r) => (inserted = r));
    let finish!: () => void;
    const finishP = new Promise<void>((r) => (finish = r));
    const tx = db.transaction(async (t) => {
      await t.query('INSERT INTO r VALUES (1)');
      inserted();
      await finishP;
      throw new Error('rolled back');
    });
    await insertedP;
    const read = db.query<{ n: number }>('SELECT count(*)::int AS n FROM r');
    let readDone = false;
    void read.then(() => (readDone = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(readDone).toBe(false); // not inside the open transaction
    finish();
    await expect(tx).rejects.toThrow('rolled back');
    expect((await read).rows).toEqual([{ n: 0 }]);
  } finally {
    await db.close();
    remove();
  }
});

it("COPY on PGlite's worker takes its rows as text or as their UTF-8 bytes (a range made ahead)", async () => {
  const { db, remove } = await workerFromTemplate();
  try {
    await db.exec('CREATE TABLE c (k int PRIMARY KEY, note text)');
    await db.transaction(async (tx) => {
      await tx.copyFrom!('c (k, note)', '1\tplain\n2\tcafé\n');
      await tx.copyFrom!('c (k, note)', Buffer.from('3\tnaïve\\ttab\n4\t\\N\n'));
    });
    const { rows } = await db.query<{ k: number; note: string | null }>(
      'SELECT k, note FROM c ORDER BY k',
    );
    expect(rows).toEqual([
      { k: 1, note: 'plain' },
      { k: 2, note: 'café' },
      { k: 3, note: 'naïve\ttab' },
      { k: 4, note: null },
    ]);
  } finally {
    await db.close();
    remove();
  }
});
