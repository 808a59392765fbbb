// PGlite on a thread of its own (openPgliteWorker in db.ts): the api's thread only posts the
// SQL and takes the rows back, so a range's write no longer holds the thread that answers
// requests. Plain JS: a worker does not inherit the loader the api runs its TypeScript with.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const { dataDir, sharedBuffersMb } = workerData;
/**
 * PostgreSQL's buffer pool, which PGlite keeps in its WebAssembly memory (resident, never given
 * back): PGlite's default is 128 MB, most of the idle api's memory. The files are in the OS's
 * page cache anyway; API_PGLITE_BUFFERS_MB raises it for a large database.
 */
const options = sharedBuffersMb
  ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] }
  : {};

if (workerData.initOnly) {
  // A new data directory: initdb runs here, in a thread that then ends.
  const lite = new PGlite(dataDir, options);
  await lite.waitReady;
  await lite.close();
  process.exit(0);
}
// initdb's memory (some 500 MB) stays with the PGlite instance that ran it, even closed: a new
// directory is created by a thread of its own first, which gives it all back when it ends.
if (dataDir && !existsSync(join(dataDir, 'PG_VERSION')))
  await new Promise((resolve, reject) => {
    const init = new Worker(new URL(import.meta.url), {
      workerData: { ...workerData, initOnly: true },
    });
    init.once('error', reject);
    init.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the PGlite directory failed (${code})`)),
    );
  });

const lite = new PGlite(dataDir, options);
// One statement at a time, in the order posted (the caller keeps transactions whole).
let chain = lite.waitReady;

/**
 * Named statements (db.ts Queryable.query's `name`): PGlite's query() parses and plans the SQL
 * every time, and a wallet's page spent a third of its time there. PGlite is one session, so the
 * statement is PREPAREd once and then EXECUTEd with its values written as SQL literals (pg's
 * escapeLiteral; numbers as digits; the protocol's parameters cannot reach an EXECUTE). A value
 * of any other kind takes the plain path.
 */
const prepared = new Map();
const NAME = /^[a-z][a-z0-9_-]{0,62}$/;
const literal = (v) =>
  v === null
    ? 'NULL'
    : typeof v === 'string'
      ? pg.escapeLiteral(v)
      : (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint'
        ? String(v)
        : undefined;
async function namedQuery(name, sql, params = []) {
  const values = params.map(literal);
  if (!NAME.test(name) || values.includes(undefined)) return lite.query(sql, params);
  if (prepared.get(name) !== sql) {
    if (prepared.has(name))
      throw new Error(`the statement name ${name} is taken by another SQL text`);
    await lite.exec(`PREPARE "${name}" AS ${sql}`);
    prepared.set(name, sql);
  }
  // By the simple protocol: a quarter less than query()'s parse, bind and describe of it.
  const [result] = await lite.exec(
    `EXECUTE "${name}"${values.length ? `(${values.join(', ')})` : ''}`,
  );
  return result;
}
parentPort.on('message', (m) => {
  chain = chain.then(async () => {
    try {
      if (m.op === 'close') {
        await lite.close();
        parentPort.postMessage({ id: m.id, ok: true });
        return;
      }
      // 'copy': COPY ... FROM '/dev/blob' with its rows (text) as the blob.
      const out =
        m.op === 'exec'
          ? (await lite.exec(m.sql), null)
          : m.op === 'copy'
            ? await lite.query(m.sql, [], { blob: new Blob([m.params[0]]) })
            : m.name
              ? await namedQuery(m.name, m.sql, m.params)
              : await lite.query(m.sql, m.params);
      parentPort.postMessage({ id: m.id, ok: true, rows: out?.rows });
    } catch (e) {
      const error = { message: String(e?.message ?? e), name: e?.name };
      for (const k of ['code', 'detail', 'constraint', 'table', 'severity'])
        if (e && typeof e[k] === 'string') error[k] = e[k];
      parentPort.postMessage({ id: m.id, ok: false, error });
    }
  });
});
