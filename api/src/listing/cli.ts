/**
 * Operator CLI for listing requests, on the API's own database:
 *   npm run listings -- list [--status new|reviewed|listed|rejected] [--limit N] [--json]
 *   npm run listings -- show <id> [--json]
 *   npm run listings -- set-status <id> <new|reviewed|listed|rejected> [--note "text"]
 * DATABASE_URL (or --database-url) selects a PostgreSQL server; otherwise the PGlite directory
 * (--data, or API_DATA_DIR, default .run/data/api), only while no API process uses it: PGlite is
 * single-process and a second opener corrupts the directory.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR } from '../config';
import { openDb, type Queryable } from '../db/db';
import { migrate } from '../db/migrate';
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

export interface CliResult {
  code: number;
  out: string;
}

/** Runs one command against `db`; the answer is the text to print and the exit code. */
export async function runListingsCli(argv: string[], db: Queryable): Promise<CliResult> {
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
      const rows = await listListings(db, { status: values.status as ListingStatus, limit });
      return print(rows, () => table(rows));
    }
    case 'show': {
      if (badId) return { code: 2, out: `show needs a listing id.\n${USAGE}` };
      const row = await getListing(db, id);
      if (!row) return { code: 1, out: `No listing request ${id}.` };
      return print(row, () => details(row));
    }
    case 'set-status': {
      if (badId || !isStatus(args[1]))
        return { code: 2, out: `set-status needs an id and a status.\n${USAGE}` };
      const row = await setListingStatus(db, id, args[1], values.note);
      if (!row) return { code: 1, out: `No listing request ${id}.` };
      return print(row, () => `Listing ${id} is now ${row.status}.\n${details(row)}`);
    }
    default:
      return { code: command === undefined || command === 'help' ? 0 : 2, out: USAGE };
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const pick = (flag: string) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const databaseUrl = pick('--database-url') ?? process.env.DATABASE_URL;
  // npm runs workspace scripts in api/; a relative --data means the operator's own directory.
  const dataDir = resolve(
    process.env.INIT_CWD ?? process.cwd(),
    pick('--data') ?? process.env.API_DATA_DIR ?? DEFAULT_DATA_DIR,
  );
  // PGlite keeps postmaster.pid while a process has the directory open (removed on close).
  if (!databaseUrl && existsSync(join(dataDir, 'postmaster.pid'))) {
    process.stderr.write(
      `listings: the PGlite database in ${dataDir} is in use (the API is running, or did not stop cleanly).\n` +
        'Stop the API first (start and stop it again after a crash), or run the API and this CLI on PostgreSQL with DATABASE_URL.\n',
    );
    return 3;
  }
  const db = openDb({ databaseUrl, dataDir });
  try {
    await migrate(db);
    const result = await runListingsCli(argv, db);
    (result.code === 0 ? process.stdout : process.stderr).write(`${result.out}\n`);
    return result.code;
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`listings: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
