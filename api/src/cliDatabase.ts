// The operator CLIs' (listings, reports) one way to reach the database: DATABASE_URL or
// --database-url, else the PGlite directory (--data, API_DATA_DIR), and when an API holds that
// directory, that API's admin listener instead.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from './config';
import { openDb, type Queryable } from './db/db';
import { migrate } from './db/migrate';
import { adminFile, readAdminFile } from './listing/admin';

export interface CliResult {
  code: number;
  out: string;
}

/** The value after `flag` in `argv`. */
export const flagValue = (argv: string[], flag: string): string | undefined => {
  const i = argv.indexOf(flag);
  return i === -1 ? undefined : argv[i + 1];
};

/**
 * Runs `direct` on the database the command line names, or `viaApi` on the API that holds the
 * PGlite directory. `name` prefixes the errors ("listings: ...").
 */
export async function withCliDatabase(
  name: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  run: {
    direct: (db: Queryable) => Promise<CliResult>;
    viaApi: (url: string, token: string) => Promise<CliResult>;
  },
): Promise<CliResult> {
  const databaseUrl = flagValue(argv, '--database-url') ?? env.DATABASE_URL;
  // npm runs workspace scripts in api/; a relative --data means the operator's own directory.
  const dataDir = resolve(
    env.INIT_CWD ?? process.cwd(),
    flagValue(argv, '--data') ?? env.API_DATA_DIR ?? DEFAULT_DATA_DIR,
  );
  try {
    // PGlite keeps postmaster.pid while a process has the directory open (removed on close).
    if (!databaseUrl && existsSync(join(dataDir, 'postmaster.pid'))) {
      const api = readAdminFile(dataDir);
      if (api) return await run.viaApi(api.url, api.token);
      return {
        code: 3,
        out:
          `${name}: the PGlite database in ${dataDir} is in use and no API left ${adminFile(dataDir)}\n` +
          '(an API from before the operator routes, or one that did not stop cleanly).\n' +
          'Restart the API (it then serves this CLI), or stop it, or run both on PostgreSQL with DATABASE_URL.',
      };
    }
    const db = openDb({ databaseUrl, dataDir });
    try {
      await migrate(db);
      return await run.direct(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    return { code: 1, out: `${name}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Prints a CLI's result (stdout on success, stderr otherwise) and exits with its code. */
export function runCliMain(main: (argv: string[]) => Promise<CliResult>): void {
  void main(process.argv.slice(2)).then(({ code, out }) => {
    (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
    process.exit(code);
  });
}
