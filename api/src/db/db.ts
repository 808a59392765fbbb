import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The one thing the indexer and the routes talk to: the same SQL on PGlite and on PostgreSQL. */
export interface Queryable {
  /**
   * `name`: a hot read's prepared-statement name (PostgreSQL prepares it once per connection,
   * then skips the parse and the plan; PGlite ignores it). One name, one text: a name is never
   * given to two SQL texts. Only for SQL whose generic plan is as good as a custom one (no
   * `$n IS NULL OR ...`: a generic plan cannot drop that branch and would filter, not seek).
   */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    name?: string,
  ): Promise<{ rows: T[] }>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * The database's bulk path: `COPY <target> FROM` with `rows` as its data (COPY's text format,
   * as a string or its UTF-8 bytes), `target` being `table (columns)`. A transaction's Queryable
   * has it (PGlite: from a blob; PostgreSQL: FROM STDIN); where absent, the caller inserts the
   * same rows by statement.
   */
  copyFrom?(target: string, rows: string | Buffer): Promise<void>;
}

/** A session-level advisory lock, held on a connection of its own. */
export interface Lock {
  release(): Promise<void>;
  /**
   * True once the lock's connection is gone (server restarted, connection dropped): the server
   * has let the lock go, another process may hold it now.
   */
  readonly lost: boolean;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /**
   * The database's work runs beside this thread (a server, or PGlite's worker): this thread is
   * free while a statement runs, and the indexer prepares its next range meanwhile. False for
   * PGlite on this thread, where that would only slice the same thread's work.
   */
  besideThisThread: boolean;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Takes a session-level advisory lock on a connection of its own, held until release().
   * Resolves null when another session holds it.
   */
  tryLock(key: number): Promise<Lock | null>;
  /**
   * PostgreSQL: `LISTEN channel` on a connection of its own, kept open (connected again with
   * backoff when it drops); `onMessage` gets each NOTIFY's payload, `onConnect` runs at each
   * (re)connection: what was sent while it was away is lost, the caller catches up. Absent on
   * PGlite (one process owns it: nobody else to hear from).
   */
  listen?(channel: string, onMessage: (payload: string) => void, onConnect?: () => void): Listener;
  close(): Promise<void>;
}

/** A LISTEN connection (see Db.listen). */
export interface Listener {
  close(): Promise<void>;
}

/**
 * The database cannot be reached right now (server stopped or restarting, connection refused or
 * dropped, too many connections): not the query's fault, worth retrying. Routes answer it with
 * 503 and Retry-After; the indexer retries with backoff.
 */
export class DbUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(
    /** A short cause for /ready and the logs, without the server's address. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`database unavailable: ${reason}`, options);
    this.name = 'DbUnavailableError';
  }
}

const UNAVAILABLE_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection lost',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  '57P01': 'server shutting down',
  '57P02': 'server shutting down',
  '57P03': 'server starting up',
  '53300': 'too many connections',
  '08000': 'connection lost',
  '08001': 'connection refused',
  '08003': 'connection lost',
  '08004': 'connection refused',
  '08006': 'connection lost',
};
const UNAVAILABLE_MESSAGES: Array<[RegExp, string]> = [
  [/Connection terminated|connection terminated unexpectedly/i, 'connection lost'],
  [/timeout exceeded when trying to connect|Connection timeout/i, 'connection timed out'],
  [/Client has encountered a connection error|not queryable/i, 'connection lost'],
  [/the database system is (starting up|shutting down)/i, 'server restarting'],
];

/** The short cause when `e` means "the database is unreachable", else null. */
export function unavailableReason(e: unknown): string | null {
  if (e instanceof DbUnavailableError) return e.reason;
  // By shape, not instanceof: socket errors come from node's own realm (not jest's, say).
  if (!e || typeof e !== 'object') return null;
  const message = String((e as { message?: unknown }).message ?? '');
  const parts: unknown[] = [e, (e as { cause?: unknown }).cause];
  // AggregateError (a host with several addresses, each refused).
  for (const inner of (e as { errors?: unknown[] }).errors ?? []) parts.push(inner);
  for (const part of parts) {
    const code = (part as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && UNAVAILABLE_CODES[code]) return UNAVAILABLE_CODES[code];
  }
  for (const [pattern, reason] of UNAVAILABLE_MESSAGES) if (pattern.test(message)) return reason;
  return null;
}

/** `e`, or a DbUnavailableError when it means the database cannot be reached. */
export function asDbError(e: unknown): unknown {
  const reason = unavailableReason(e);
  return reason && !(e instanceof DbUnavailableError)
    ? new DbUnavailableError(reason, { cause: e })
    : e;
}

const translate = async <T>(p: Promise<T>): Promise<T> => {
  try {
    return await p;
  } catch (e) {
    throw asDbError(e);
  }
};

/**
 * Runs the functions it is given one after another: PGlite is one session, so a transaction
 * must not interleave with other queries.
 */
function oneAtATime(): <T>(fn: () => Promise<T>) => Promise<T> {
  let chain: Promise<unknown> = Promise.resolve();
  return (fn) => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
}

/** PGlite's tryLock: one process owns a PGlite directory, so it only guards this process. */
function processLock(): Db['tryLock'] {
  const held = new Set<number>();
  return async (key) => {
    if (held.has(key)) return null;
    held.add(key);
    return { release: async () => void held.delete(key), lost: false };
  };
}

/** PGlite on this thread; `loadDataDir` starts a new database from a dump (dumpDataDir). */
export function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Db {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = new PGlite({ dataDir, ...options });
  const serial = oneAtATime();
  const tryLock = processLock();
  return {
    kind: 'pglite',
    besideThisThread: false,
    query: (sql, params) => serial(() => lite.query(sql, params as unknown[])) as never,
    transaction: (fn) =>
      serial(() =>
        lite.transaction((tx) =>
          fn({
            query: (s, p) => tx.query(s, p as unknown[]) as never,
            exec: async (s) => void (await tx.exec(s)),
            copyFrom: async (target, rows) =>
              void (await tx.query(`COPY ${target} FROM '/dev/blob'`, [], {
                blob: new Blob([rows as string | Uint8Array<ArrayBuffer>]),
              })),
          }),
        ),
      ),
    exec: (sql) => serial(async () => void (await lite.exec(sql))),
    tryLock,
    close: () => serial(() => lite.close()),
  };
}

/**
 * PGlite on a worker thread (src/db/pglite-worker.mjs): the same SQL and the same guarantees as
 * openPglite, but its work (parsing, planning, writing, WAL) runs beside this thread instead of
 * on it. Used by the api process (scripts/api.mjs) on PGlite: a range of 1 000 pairs' swaps
 * held the thread that answers requests, and the indexer's decoding waited behind requests.
 */
/** PostgreSQL's buffer pool in the api's PGlite (MB); PGlite's own default is 128. */
export const PGLITE_BUFFERS_MB = 16;

export function openPgliteWorker(dataDir?: string, sharedBuffersMb = PGLITE_BUFFERS_MB): Db {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite's WebAssembly on V8's baseline compiler only: its optimised second compile keeps some
  // 40-50 MB more resident for good (the code, and the compiler's memory that malloc keeps), for
  // scans about 1.5x faster. Process-wide; nothing else here runs WebAssembly.
  setFlagsFromString('--liftoff-only');
  const worker = new Worker(join(__dirname, 'pglite-worker.mjs'), {
    workerData: { dataDir, sharedBuffersMb },
    // Its JavaScript is PGlite's glue and the rows on their way: a small young generation.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  let dead: Error | null = null;
  const failAll = (e: Error) => {
    dead = e;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the PGlite worker exited (${code})`)));
  type Answer = { id: number; ok: boolean; rows?: unknown[]; error?: { message: string } };
  worker.on('message', (m: Answer) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (!w) return;
    if (m.ok) w.resolve({ rows: m.rows ?? [] });
    else w.reject(Object.assign(new Error(m.error?.message), m.error));
  });
  const call = (
    op: 'query' | 'exec' | 'copy' | 'close',
    sql?: string,
    params?: unknown[],
    name?: string,
  ) =>
    new Promise<{ rows: never[] }>((resolve, reject) => {
      if (dead) return reject(dead);
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, sql, params, name });
    });
  const serial = oneAtATime();
  const tryLock = processLock();
  const tx: Queryable = {
    query: (s, p) => call('query', s, p) as never,
    exec: async (s) => void (await call('exec', s)),
    copyFrom: async (target, rows) =>
      void (await call('copy', `COPY ${target} FROM '/dev/blob'`, [rows])),
  };
  /**
   * Transactions (and close) queued or running. Without any, a statement is posted at once:
   * the worker runs them in the order posted, so several requests' reads are on their way
   * together instead of each waiting for the one before it to come back to this thread (under
   * load that round trip, not PGlite, held an uncached wallet page). Once a transaction is
   * queued, statements wait for it (they must not run inside it: one session).
   */
  let gated = 0;
  const gate = <T>(fn: () => Promise<T>): Promise<T> => {
    gated++;
    return serial(fn).finally(() => gated--);
  };
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => (gated ? serial(fn) : fn());
  return {
    kind: 'pglite',
    besideThisThread: true,
    // Named statements are prepared once on the worker (pglite-worker.mjs).
    query: (sql, params, name) => inTurn(() => call('query', sql, params, name)) as never,
    exec: (sql) => inTurn(async () => void (await call('exec', sql))),
    transaction: (fn) =>
      gate(async () => {
        await call('exec', 'BEGIN');
        try {
          const out = await fn(tx);
          await call('exec', 'COMMIT');
          return out;
        } catch (e) {
          await call('exec', 'ROLLBACK').catch(() => undefined);
          throw e;
        }
      }),
    tryLock,
    close: () =>
      gate(async () => {
        if (!dead) await call('close');
        await worker.terminate();
      }),
  };
}

/**
 * `COPY ... FROM STDIN` with its data in hand: pg's own Query, answering the server's request
 * for the data with the rows and the copy's end (what pg-copy-streams does for a stream; pg
 * alone refuses the request). Its result and errors come back as any statement's.
 */
class CopyFromText extends pg.Query {
  // Not `rows`: pg's Query reads that as how many rows to fetch per round trip.
  constructor(
    sql: string,
    private readonly data: string | Buffer,
    callback: (e: Error | null) => void,
  ) {
    super(sql, undefined, callback as never);
  }
  handleCopyInResponse(connection: {
    sendCopyFromChunk(chunk: Buffer): void;
    endCopyFrom(): void;
  }): void {
    connection.sendCopyFromChunk(
      typeof this.data === 'string' ? Buffer.from(this.data) : this.data,
    );
    connection.endCopyFrom();
  }
}

export function openPostgres(url: string): Db {
  // A new connection gives up after 5 s (a server that does not answer): the caller gets a
  // DbUnavailableError instead of waiting forever.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle connection the server dropped (restart, terminated backend) is replaced, not fatal.
  pool.on('error', () => undefined);
  // Bigints and numerics come back as strings (exact); the SQL casts what must be a number.
  // Every failure that means "no database right now" comes out as a DbUnavailableError.
  return {
    kind: 'postgres',
    besideThisThread: true,
    // A named statement is parsed and planned once per connection: a wallet's page, one query
    // after another, took 191 instead of 250 µs (the server's parse and plan; this process's
    // CPU the same, 85 µs).
    query: (sql, params, name) =>
      translate(
        name ? pool.query({ name, text: sql, values: params }) : pool.query(sql, params),
      ) as never,
    exec: async (sql) => void (await translate(pool.query(sql))),
    async transaction(fn) {
      const client = await translate(pool.connect());
      let broken: unknown;
      // The connection dying while checked out is an 'error' event on the client (the pool
      // listens only while it is idle): without a listener it would end the process. The
      // statement in flight fails with the same error, which the catch below turns into a
      // DbUnavailableError.
      const onError = (e: unknown) => (broken = e);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const out = await fn({
          query: (s, p) => client.query(s, p) as never,
          exec: async (s) => void (await client.query(s)),
          copyFrom: (target, rows) =>
            new Promise<void>((resolve, reject) => {
              client.query(
                new CopyFromText(`COPY ${target} FROM STDIN`, rows, (e) =>
                  e ? reject(e) : resolve(),
                ),
              );
            }),
        });
        await client.query('COMMIT');
        return out;
      } catch (e) {
        // A connection that failed is thrown away, not handed to the next caller.
        if (unavailableReason(e)) broken = e;
        else await client.query('ROLLBACK').catch((r: unknown) => (broken = r));
        throw asDbError(e);
      } finally {
        client.removeListener('error', onError);
        client.release(broken instanceof Error ? broken : broken ? true : undefined);
      }
    },
    async tryLock(key) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      // A dropped connection frees the lock on the server: `lost` tells the holder, which stops
      // writing and asks for the lock again (writes stay safe meanwhile through the cursor's
      // compare-and-set). The listener is there before connect: an 'error' event without one
      // would end the process.
      let lost = false;
      client.on('error', () => (lost = true));
      client.on('end', () => (lost = true));
      try {
        await client.connect();
        const { rows } = await client.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock($1) AS ok',
          [key],
        );
        if (!rows[0]?.ok) {
          await client.end();
          return null;
        }
      } catch (e) {
        await client.end().catch(() => undefined);
        throw asDbError(e);
      }
      return {
        get lost() {
          return lost;
        },
        release: async () => {
          await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
          await client.end().catch(() => undefined);
        },
      };
    },
    listen(channel, onMessage, onConnect) {
      let client: pg.Client | undefined;
      let closed = false;
      let retryMs = 500;
      let timer: NodeJS.Timeout | undefined;
      const connect = async () => {
        if (closed) return;
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
        client = c;
        const again = () => {
          if (closed || client !== c) return;
          client = undefined;
          void c.end().catch(() => undefined);
          timer = setTimeout(() => void connect(), retryMs);
          retryMs = Math.min(retryMs * 2, 30_000);
        };
        // Listeners before connect: an 'error' event without one would end the process.
        c.on('error', again);
        c.on('end', again);
        c.on('notification', (m) => {
          if (m.channel === channel) onMessage(m.payload ?? '');
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          retryMs = 500;
          onConnect?.();
        } catch {
          again();
        }
      };
      void connect();
      return {
        close: async () => {
          closed = true;
          clearTimeout(timer);
          await client?.end().catch(() => undefined);
        },
      };
    },
    close: () => pool.end(),
  };
}

/** DATABASE_URL set: that PostgreSQL server; otherwise PGlite in `dataDir`. */
export function openDb(opts: {
  databaseUrl?: string;
  dataDir?: string;
  pgliteBuffersMb?: number;
}): Db {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPgliteWorker(opts.dataDir, opts.pgliteBuffersMb);
}

/** A PostgreSQL error answered by the server (SQLSTATE code), as opposed to the caller's own. */
const isServerError = (e: unknown): boolean =>
  typeof (e as { code?: unknown })?.code === 'string' &&
  /^[0-9A-Z]{5}$/.test((e as { code: string }).code);

/**
 * The same database, telling `onError` about every failed call: 'unavailable' (no connection),
 * 'query' (the server refused a statement). Errors of the caller's own code inside a
 * transaction are not the database's and are not counted.
 */
export function observeDb(db: Db, onError: (kind: 'unavailable' | 'query') => void): Db {
  const watch = async <T>(p: Promise<T>): Promise<T> => {
    try {
      return await p;
    } catch (e) {
      if (unavailableReason(e)) onError('unavailable');
      else if (isServerError(e)) onError('query');
      throw e;
    }
  };
  return {
    kind: db.kind,
    besideThisThread: db.besideThisThread,
    query: (sql, params, name) => watch(db.query(sql, params, name)),
    exec: (sql) => watch(db.exec(sql)),
    transaction: (fn) => watch(db.transaction(fn)),
    tryLock: (key) => watch(db.tryLock(key)),
    ...(db.listen ? { listen: db.listen.bind(db) } : {}),
    close: () => db.close(),
  };
}
