/**
 * Operator command for the indexers:
 *   npm run reindex -w @jmswap/api -- --network BSC --from 123 [--wait 60]
 *   npm run reindex -w @jmswap/api -- --status
 * A re-index forgets everything the network stored from block `--from` on and indexes it again;
 * it also resumes a network its indexer stopped (a reorganisation deeper than the kept block
 * window). The request goes into the database; the process writing the network carries it out
 * at its next step (refusing it when a block kept below `--from` is not on the chain either), and
 * this command waits up to `--wait` seconds (default 60, 0: do not wait) for the outcome.
 * Database: DATABASE_URL / --database-url (PostgreSQL), else the PGlite directory (--data,
 * API_DATA_DIR, default .run/data/api) — through the running api's admin listener while one
 * holds it (as `npm run listings` does).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, NETWORK_IDS } from '../config';
import { openDb, type Queryable } from '../db/db';
import { migrate } from '../db/migrate';
import { adminFile, readAdminFile } from '../listing/admin';
import { indexerStates, requestReindex, type NetworkState } from './control';

export const USAGE = `usage: npm run reindex -w @jmswap/api -- --network ${NETWORK_IDS.join('|')} --from BLOCK [--wait SECONDS]
       npm run reindex -w @jmswap/api -- --status
options: --database-url URL (or DATABASE_URL), --data DIR (PGlite, or API_DATA_DIR; default .run/data/api)`;

export interface IndexerAccess {
  states(): Promise<NetworkState[]>;
  request(network: string, from: number): Promise<void>;
}

export const dbIndexerAccess = (db: Queryable): IndexerAccess => ({
  states: () => indexerStates(db),
  request: (network, from) => requestReindex(db, network, from),
});

/** The same through the admin listener of the api that holds a PGlite directory. */
export function apiIndexerAccess(url: string, token: string): IndexerAccess {
  async function call<T>(path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${url}/v1/admin/indexer${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((e: Error) => {
      throw new Error(`the API at ${url} does not answer (${e.message})`);
    });
    const answer = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (!res.ok) throw new Error(`the API answered ${res.status}: ${answer.message ?? ''}`);
    return answer;
  }
  return {
    states: () => call<NetworkState[]>(''),
    request: async (network, from) => void (await call('/reindex', { network, from })),
  };
}

function table(states: NetworkState[]): string {
  if (states.length === 0) return 'Nothing indexed yet.';
  return states
    .map((s) => {
      const parts = [`${s.network.padEnd(5)} cursor ${s.cursor ?? '-'}`];
      if (s.halted) parts.push(`STOPPED since ${s.halted.at}: ${s.halted.reason}`);
      if (s.reindexFrom !== null) parts.push(`re-index from ${s.reindexFrom} requested`);
      if (s.lastOutcome) parts.push(`last request: ${s.lastOutcome}`);
      return parts.join('; ');
    })
    .join('\n');
}

export interface CliResult {
  code: number;
  out: string;
}

/** Runs the command against a database or a running api. */
export async function runReindexCli(
  argv: string[],
  access: IndexerAccess,
  opts: { pollMs?: number; canWait?: boolean } = {},
): Promise<CliResult> {
  const { values } = parseArgs({
    args: argv,
    options: {
      network: { type: 'string' },
      from: { type: 'string' },
      wait: { type: 'string' },
      status: { type: 'boolean' },
      'database-url': { type: 'string' },
      data: { type: 'string' },
    },
  });
  if (values.status) return { code: 0, out: table(await access.states()) };
  const network = (values.network ?? '').toUpperCase();
  if (!(NETWORK_IDS as readonly string[]).includes(network))
    return { code: 2, out: `--network must be one of ${NETWORK_IDS.join(', ')}.\n${USAGE}` };
  const from = Number(values.from);
  if (values.from === undefined || !/^\d+$/.test(values.from) || !Number.isSafeInteger(from))
    return { code: 2, out: `--from must be a block number.\n${USAGE}` };
  const waitS = values.wait === undefined ? 60 : Number(values.wait);
  if (!Number.isFinite(waitS) || waitS < 0)
    return { code: 2, out: `--wait must be a number of seconds.\n${USAGE}` };

  await access.request(network, from);
  const asked = `${network}: re-index from block ${from} requested.`;
  if (waitS === 0 || opts.canWait === false)
    return {
      code: 0,
      out: `${asked} The process that writes ${network} carries it out at its next step${opts.canWait === false ? ' (no api runs on this database now: at its start)' : ''}; see --status.`,
    };
  const end = Date.now() + waitS * 1000;
  for (;;) {
    const state = (await access.states()).find((s) => s.network === network);
    if (state && state.reindexFrom === null && state.lastOutcome) {
      const done = state.lastOutcome.startsWith('re-indexed');
      return { code: done ? 0 : 1, out: `${asked}\n${network}: ${state.lastOutcome}` };
    }
    if (Date.now() > end)
      return {
        code: 3,
        out:
          `${asked}\nNot carried out within ${waitS} s: no process writes ${network} now (is an api ` +
          'with indexers running on this database?). It will be when one does; see --status.',
      };
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 500));
  }
}

/** The whole command line: picks the database (or the api holding it), runs the command. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliResult> {
  const pick = (flag: string) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const databaseUrl = pick('--database-url') ?? env.DATABASE_URL;
  const dataDir = resolve(
    env.INIT_CWD ?? process.cwd(),
    pick('--data') ?? env.API_DATA_DIR ?? DEFAULT_DATA_DIR,
  );
  try {
    if (!databaseUrl && existsSync(join(dataDir, 'postmaster.pid'))) {
      const api = readAdminFile(dataDir);
      if (api) return await runReindexCli(argv, apiIndexerAccess(api.url, api.token));
      return {
        code: 3,
        out:
          `reindex: the PGlite database in ${dataDir} is in use and no API left ${adminFile(dataDir)}. ` +
          'Restart the API (it then serves this command), or stop it.',
      };
    }
    const db = openDb({ databaseUrl, dataDir });
    try {
      await migrate(db);
      // PGlite that no api holds: nobody can carry the request out before an api starts.
      return await runReindexCli(argv, dbIndexerAccess(db), { canWait: !!databaseUrl });
    } finally {
      await db.close();
    }
  } catch (error) {
    return { code: 1, out: `reindex: ${error instanceof Error ? error.message : String(error)}` };
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then(({ code, out }) => {
    (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
    process.exit(code);
  });
}
