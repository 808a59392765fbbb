import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteWorker } from './db';

it('PGlite on its worker thread keeps what a transaction committed, drops what it rolled back, and says why a statement failed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jmswap-pglite-worker-'));
  try {
    let db = openPgliteWorker(dir);
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
