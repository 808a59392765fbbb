import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { pgliteTemplateTar } from './pglite-template';

export type DbKind = 'pglite' | 'postgres';
/** Every storage test runs on both engines. */
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

let counter = 0;
const idle: Db[] = [];
let fileEnded = false;
// A PGlite opened from the template keeps the process alive until closed: those given back are
// closed when the test file ends, and any given back later (a file's own afterAll) at once.
afterAll(async () => {
  fileEnded = true;
  await Promise.all(idle.splice(0).map((db) => db.close()));
});

/** A fresh, migrated database: in-memory PGlite, or a new database on the test server. */
export async function freshDb(
  kind: DbKind,
): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    // Starting PGlite costs time even from the template: instances are reused, emptied between
    // tests.
    const db = idle.pop() ?? openPglite(undefined, { loadDataDir: await pgliteTemplateTar() });
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(db);
    return { db, drop: async () => (fileEnded ? db.close() : void idle.push(db)) };
  }
  const base = process.env.JMSWAP_TEST_PG_URL;
  if (!base) throw new Error('JMSWAP_TEST_PG_URL is not set (jest globalSetup starts PostgreSQL)');
  const name = `t_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = base.replace(/\/[^/]*$/, `/${name}`);
  const db = openPostgres(url);
  await migrate(db);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
