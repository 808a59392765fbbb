/**
 * Operator CLI for the site's analytics (POST /v1/events), on the API's own database:
 *   npm run analytics -- summary [--since 7d] [--json]
 * Counts per event and network over the last days (today included, UTC). The database as
 * `npm run reports` finds it: DATABASE_URL (or --database-url), else the PGlite directory
 * (--data, or API_DATA_DIR), through the running API's admin listener while one holds it.
 */
import { parseArgs } from 'node:util';
import { runCliMain, withCliDatabase, type CliResult } from '../cliDatabase';
import type { Queryable } from '../db/db';
import { MAX_SINCE_DAYS } from './admin';
import { eventSummary, type EventCount } from './store';

export const USAGE = `usage: npm run analytics -- summary [--since 7d] [--json]
  --since   how many days back, today included: a number and d (1d, 7d, 30d; default 7d, at most ${MAX_SINCE_DAYS}d)
options: --database-url URL (or DATABASE_URL), --data DIR (PGlite, or API_DATA_DIR; default .run/data/api)`;

/** "7d" -> 7; undefined when it is not a number of days in range. */
export function parseDays(text: string): number | undefined {
  const m = /^([1-9]\d{0,2})d$/.exec(text);
  const days = m ? Number(m[1]) : undefined;
  return days !== undefined && days <= MAX_SINCE_DAYS ? days : undefined;
}

/** What the command reads: the store itself, or a running API's admin route. */
export type SummaryAccess = (days: number) => Promise<EventCount[]>;

const dbAccess =
  (db: Queryable): SummaryAccess =>
  (days) =>
    eventSummary(db, days);

/** The same through /v1/admin/analytics on the admin listener of the API holding PGlite. */
export function apiAccess(url: string, token: string): SummaryAccess {
  return async (days) => {
    let res: Response;
    try {
      res = await fetch(`${url}/v1/admin/analytics?days=${days}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    } catch (e) {
      throw new Error(
        `the API at ${url} does not answer (${e instanceof Error ? e.message : String(e)}). ` +
          'If it crashed, start and stop it again, then retry.',
      );
    }
    if (res.status === 404)
      throw new Error(
        `the API at ${url} has no analytics route on its admin listener; restart it.`,
      );
    const answer = (await res.json().catch(() => ({}))) as {
      counts?: EventCount[];
      message?: string;
    };
    if (!res.ok) throw new Error(`the API answered ${res.status}: ${answer.message ?? ''}`);
    return answer.counts ?? [];
  };
}

function table(counts: EventCount[]): string {
  const rows = [
    ['event', 'network', 'count'],
    ...counts.map((c) => [c.event, c.network || '-', String(c.count)]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] as string).length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) =>
          i === 2 ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const usage = (problem: string): CliResult => ({ code: 2, out: `${problem}\n${USAGE}` });

/** Runs one command against `db` (or a running API); the text to print and the exit code. */
export async function runAnalyticsCli(
  argv: string[],
  source: Queryable | SummaryAccess,
): Promise<CliResult> {
  const read = typeof source === 'function' ? source : dbAccess(source);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        since: { type: 'string' },
        json: { type: 'boolean' },
        'database-url': { type: 'string' },
        data: { type: 'string' },
      },
    });
  } catch (e) {
    return usage(e instanceof Error ? e.message : String(e));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (command === undefined || command === 'help') return { code: 0, out: USAGE };
  if (command !== 'summary') return usage(`Unknown command "${command.slice(0, 40)}".`);
  if (rest.length > 0) return usage(`summary takes no argument "${rest[0]?.slice(0, 40)}".`);
  const since = values.since ?? '7d';
  const days = parseDays(since);
  if (days === undefined)
    return usage(
      `--since must be a number of days, like 1d, 7d or 30d (at most ${MAX_SINCE_DAYS}d).`,
    );

  const counts = await read(days);
  if (values.json) return { code: 0, out: JSON.stringify({ since, counts }, null, 2) };
  if (counts.length === 0) return { code: 0, out: `No analytics events in the last ${since}.` };
  const total = counts.reduce((n, c) => n + c.count, 0);
  return {
    code: 0,
    out: [
      `${total} analytics event${total === 1 ? '' : 's'} in the last ${since} (UTC days, today included), per event and network:`,
      table(counts),
    ].join('\n'),
  };
}

/** The whole command line: picks the database (or the API holding it), runs one command. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliResult> {
  // Bad arguments (and help) are answered before any database is opened.
  let valid = false;
  const checked = await runAnalyticsCli(argv, async () => ((valid = true), []));
  if (!valid) return checked;
  return withCliDatabase('analytics', argv, env, {
    direct: (db) => runAnalyticsCli(argv, db),
    viaApi: (url, token) => runAnalyticsCli(argv, apiAccess(url, token)),
  });
}

if (require.main === module) runCliMain(main);
