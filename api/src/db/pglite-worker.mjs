// PGlite on a thread of its own (openPgliteWorker in db.ts): the api's thread only posts the
// SQL and takes the rows back, so a range's write no longer holds the thread that answers
// requests. Plain JS: a worker does not inherit the loader the api runs its TypeScript with.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const lite = new PGlite(workerData.dataDir);
// One statement at a time, in the order posted (the caller keeps transactions whole).
let chain = lite.waitReady;
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
