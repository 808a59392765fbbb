/**
 * Operator CLI for listing requests, on the API's own database:
 *   npm run listings -- list [--status new|reviewed|listed|rejected] [--limit N] [--json]
 *   npm run listings -- show <id> [--json]
 *   npm run listings -- set-status <id> <new|reviewed|listed|rejected> [--note "text"]
 * DATABASE_URL (or --database-url) selects a PostgreSQL server; otherwise the PGlite directory
 * (--data, or API_DATA_DIR, default .run/data/api). PGlite is single-process and a second opener
 * corrupts the directory: while an API holds it, the commands go through that API's admin
 * listener (127.0.0.1, its own port; url and token in api-admin.json beside the directory, see
 * admin.ts).
 */
import { parseArgs } from 'node:util';
import { runCliMain, withCliDatabase, type CliResult } from '../cliDatabase';
import type { Queryable } from '../db/db';
import {
  getListing,
  LISTING_STATUSES,
  listListings,
  setListingStatus,
  type ListingRow,
  type ListingStatus,
} from './store';

export const USAGE = `usage: npm run listings -- <command>
  list [--status ${LISTING_STATUSES.join('|')}] [--limit N] [--json]
  show <id> [--json]
  set-status <id> <${LISTING_STATUSES.join('|')}> [--note "text"]
options: --database-url URL (or DATABASE_URL), --data DIR (PGlite, or API_DATA_DIR; default .run/data/api)`;

/** Stored texts come from the public: no terminal control sequences reach the operator's screen. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const safe = (text: unknown): string => String(text ?? '').replace(CONTROL, '?');

const isStatus = (s: string | undefined): s is ListingStatus =>
  (LISTING_STATUSES as readonly string[]).includes(s ?? '');

function table(rows: ListingRow[]): string {
  if (rows.length === 0) return 'No listing requests.';
  const lines = rows.map((r) =>
    [r.id, r.status, r.network, r.contract, r.name, r.createdAt].map(safe),
  );
  const head = ['id', 'status', 'network', 'contract', 'name', 'created'];
  const widths = head.map((h, i) =>
    Math.max(h.length, ...lines.map((l) => (l[i] as string).length)),
  );
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [fmt(head), ...lines.map(fmt)].join('\n');
}

function details(row: ListingRow): string {
  return Object.entries(row)
    .map(([k, v]) => `${k.padEnd(14)} ${safe(v)}`)
    .join('\n');
}

export type { CliResult };

/** What the commands need: the store itself, or a running API's admin routes. */
export interface ListingAccess {
  list(opts: { status?: ListingStatus; limit: number }): Promise<ListingRow[]>;
  get(id: number): Promise<ListingRow | undefined>;
  setStatus(id: number, status: ListingStatus, note?: string): Promise<ListingRow | undefined>;
}

export const dbAccess = (db: Queryable): ListingAccess => ({
  list: (opts) => listListings(db, opts),
  get: (id) => getListing(db, id),
  setStatus: (id, status, note) => setListingStatus(db, id, status, note),
});

/** The same commands through /v1/admin/listings on the admin listener of the API that holds the database. */
export function apiAccess(url: string, token: string): ListingAccess {
  async function call<T>(path: string, body?: unknown): Promise<T | undefined> {
    let res: Response;
    try {
      res = await fetch(`${url}/v1/admin/listings${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      throw new Error(
        `the API at ${url} does not answer (${e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e)}). ` +
          'If it crashed, start and stop it again, then retry.',
      );
    }
    const answer = (await res.json().catch(() => ({}))) as T & { message?: string };
    // The routes' own 404 names the listing; any other 404 is a listener without these routes
    // (the public one, or an API from before the admin listener): never "nothing found".
    if (res.status === 404 && /^No listing request /.test(answer.message ?? '')) return undefined;
    if (res.status === 404)
      throw new Error(
        `the API at ${url} has no operator routes (is it the public listener?). ` +
          "Restart the API: it writes its admin listener's url to api-admin.json.",
      );
    if (!res.ok) throw new Error(`the API answered ${res.status}: ${answer.message ?? ''}`);
    return answer;
  }
  return {
    list: async ({ status, limit }) =>
      (await call<ListingRow[]>(
        `?${new URLSearchParams({ limit: String(limit), ...(status ? { status } : {}) })}`,
      )) ?? [],
    get: (id) => call<ListingRow>(`/${id}`),
    setStatus: (id, status, note) =>
      call<ListingRow>(`/${id}/status`, note === undefined ? { status } : { status, note }),
  };
}

/** Runs one command against `db` (or a running API); the text to print and the exit code. */
export async function runListingsCli(
  argv: string[],
  source: Queryable | ListingAccess,
): Promise<CliResult> {
  const store = 'query' in source ? dbAccess(source) : source;
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      limit: { type: 'string' },
      note: { type: 'string' },
      json: { type: 'boolean' },
      'database-url': { type: 'string' },
      data: { type: 'string' },
    },
  });
  const [command, ...args] = positionals;
  const print = (value: unknown, text: () => string): CliResult => ({
    code: 0,
    out: values.json ? JSON.stringify(value, null, 2) : text(),
  });
  const id = Number(args[0]);
  const badId = !Number.isSafeInteger(id) || id <= 0;

  switch (command) {
    case 'list': {
      if (values.status !== undefined && !isStatus(values.status))
        return { code: 2, out: `Unknown status "${safe(values.status)}".\n${USAGE}` };
      const limit = values.limit === undefined ? 100 : Number(values.limit);
      if (!Number.isSafeInteger(limit) || limit <= 0)
        return { code: 2, out: `--limit must be a positive whole number.\n${USAGE}` };
      const rows = await store.list({ status: values.status as ListingStatus, limit });
      return print(rows, () => table(rows));
    }
    case 'show': {
      if (badId) return { code: 2, out: `show needs a listing id.\n${USAGE}` };
      const row = await store.get(id);
      if (!row) return { code: 1, out: `No listing request ${id}.` };
      return print(row, () => details(row));
    }
    case 'set-status': {
      if (badId || !isStatus(args[1]))
        return { code: 2, out: `set-status needs an id and a status.\n${USAGE}` };
      const row = await store.setStatus(id, args[1], values.note);
      if (!row) return { code: 1, out: `No listing request ${id}.` };
      return print(row, () => `Listing ${id} is now ${row.status}.\n${details(row)}`);
    }
    default:
      return { code: command === undefined || command === 'help' ? 0 : 2, out: USAGE };
  }
}

/** The whole command line: picks the database (or the API holding it), runs one command. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliResult> {
  return withCliDatabase('listings', argv, env, {
    direct: (db) => runListingsCli(argv, db),
    viaApi: (url, token) => runListingsCli(argv, apiAccess(url, token)),
  });
}

if (require.main === module) runCliMain(main);
