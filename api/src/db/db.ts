import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The one thing the indexer and the routes talk to: the same SQL on PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Takes a session-level advisory lock on a connection of its own, held until release().
   * Resolves null when another session holds it.
   */
  tryLock(key: number): Promise<{ release(): Promise<void> } | null>;
  close(): Promise<void>;
}

export function openPglite(dataDir?: string): Db {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = new PGlite(dataDir);
  // PGlite is one session: a transaction must not interleave with other queries.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const held = new Set<number>();
  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => lite.query(sql, params as unknown[])) as never,
    transaction: (fn) =>
      serial(() =>
        lite.transaction((tx) =>
          fn({
            query: (s, p) => tx.query(s, p as unknown[]) as never,
            exec: async (s) => void (await tx.exec(s)),
          }),
        ),
      ),
    exec: (sql) => serial(async () => void (await lite.exec(sql))),
    // One process owns a PGlite directory, so the lock only guards against this process.
    async tryLock(key) {
      if (held.has(key)) return null;
      held.add(key);
      return { release: async () => void held.delete(key) };
    },
    close: () => serial(() => lite.close()),
  };
}

export function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server dropped (restart, terminated backend) is replaced, not fatal.
  pool.on('error', () => undefined);
  // Bigints and numerics come back as strings (exact); the SQL casts what must be a number.
  return {
    kind: 'postgres',
    query: (sql, params) => pool.query(sql, params) as never,
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn({
          query: (s, p) => client.query(s, p) as never,
          exec: async (s) => void (await client.query(s)),
        });
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async tryLock(key) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS ok',
        [key],
      );
      if (!rows[0]?.ok) {
        await client.end();
        return null;
      }
      // A dropped connection frees the lock on the server; writes stay safe through the
      // cursor's compare-and-set.
      client.on('error', () => undefined);
      return {
        release: async () => {
          await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
          await client.end().catch(() => undefined);
        },
      };
    },
    close: () => pool.end(),
  };
}

/** DATABASE_URL set: that PostgreSQL server; otherwise PGlite in `dataDir`. */
export function openDb(opts: { databaseUrl?: string; dataDir?: string }): Db {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
