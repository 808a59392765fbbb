/**
 * Operator CLI for client reports (POST /v1/client-report), on the API's own database:
 *   npm run reports -- list [--since 24h] [--kind KIND] [--remote REMOTE] [--limit N] [--json]
 * Reports alike (same kind, remote, version and cause) are one line with their count, first and
 * last time seen; the most recently seen first. DATABASE_URL (or --database-url) selects a
 * PostgreSQL server; otherwise the PGlite directory (--data, or API_DATA_DIR, default
 * .run/data/api), through the running API's admin listener while one holds it (as
 * `npm run listings` does).
 */
import { parseArgs } from 'node:util';
import { runCliMain, withCliDatabase, type CliResult } from '../cliDatabase';
import type { Queryable } from '../db/db';
import { MAX_SINCE_SECONDS } from './admin';
import {
  INVISIBLE,
  REPORT_KINDS,
  REPORT_REMOTES,
  type ReportKind,
  type ReportRemote,
} from './report';
import { reportGroups, type GroupQuery, type ReportGroup } from './store';

export const USAGE = `usage: npm run reports -- list [--since 24h] [--kind KIND] [--remote REMOTE] [--limit N] [--json]
  --since   how far back: a number and m, h or d (30m, 1h, 2d; default 24h, at most 366d)
  --kind    ${REPORT_KINDS.join('|')}
  --remote  ${REPORT_REMOTES.join('|')}
  --limit   groups shown at most (default 100)
options: --database-url URL (or DATABASE_URL), --data DIR (PGlite, or API_DATA_DIR; default .run/data/api)`;

const UNIT_SECONDS: Record<string, number> = { m: 60, h: 3600, d: 86_400 };

/** "30m", "1h", "2d" in seconds; undefined when it is not one of these. */
export function parseSince(text: string): number | undefined {
  const m = /^([1-9]\d{0,5})([mhd])$/.exec(text);
  if (!m) return undefined;
  const seconds = Number(m[1]) * (UNIT_SECONDS[m[2] as string] as number);
  return seconds <= MAX_SINCE_SECONDS ? seconds : undefined;
}

/** Stored texts come from the public: no terminal control sequences reach the operator's screen. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// Rows stored before the cleaning stripped them may still hold bidirectional or zero-width
// characters: never printed (a terminal would reorder the line).
const safe = (text: unknown): string =>
  String(text ?? '-')
    .replace(INVISIBLE, '')
    .replace(CONTROL, '?');

function table(groups: ReportGroup[]): string {
  const head = ['count', 'first seen', 'last seen', 'kind', 'remote', 'version', 'cause'];
  const lines = groups.map((g) =>
    [g.count, g.firstSeen, g.lastSeen, g.kind, g.remote, g.version, g.cause].map(safe),
  );
  const widths = head.map((h, i) =>
    Math.max(h.length, ...lines.map((l) => (l[i] as string).length)),
  );
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padStart(widths[0] as number) : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [fmt(head), ...lines.map(fmt)].join('\n');
}

export type { CliResult };

/** What the command needs: the store itself, or a running API's admin route. */
export interface ReportAccess {
  groups(q: GroupQuery & { limit: number }): Promise<{ groups: ReportGroup[]; more: boolean }>;
}

export const dbReportAccess = (db: Queryable): ReportAccess => ({
  groups: (q) => reportGroups(db, q),
});

/** The same through /v1/admin/client-reports on the admin listener of the API holding PGlite. */
export function apiReportAccess(url: string, token: string): ReportAccess {
  return {
    async groups(q) {
      const query = new URLSearchParams({
        since: String(q.sinceSeconds),
        limit: String(q.limit),
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.remote ? { remote: q.remote } : {}),
      });
      let res: Response;
      try {
        res = await fetch(`${url}/v1/admin/client-reports?${query}`, {
          headers: { authorization: `Bearer ${token}` },
        });
      } catch (e) {
        throw new Error(
          `the API at ${url} does not answer (${e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e)}). ` +
            'If it crashed, start and stop it again, then retry.',
        );
      }
      const answer = (await res.json().catch(() => ({}))) as {
        groups?: ReportGroup[];
        more?: boolean;
        message?: string;
      };
      // An API from before this route: never "no reports".
      if (res.status === 404)
        throw new Error(
          `the API at ${url} has no client-report route on its admin listener; restart the API.`,
        );
      if (!res.ok) throw new Error(`the API answered ${res.status}: ${answer.message ?? ''}`);
      return { groups: answer.groups ?? [], more: answer.more === true };
    },
  };
}

const usage = (problem: string): CliResult => ({ code: 2, out: `${problem}\n${USAGE}` });

/** Runs one command against `db` (or a running API); the text to print and the exit code. */
export async function runReportsCli(
  argv: string[],
  source: Queryable | ReportAccess,
): Promise<CliResult> {
  const access = 'query' in source ? dbReportAccess(source) : source;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        since: { type: 'string' },
        kind: { type: 'string' },
        remote: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        'database-url': { type: 'string' },
        data: { type: 'string' },
      },
    });
  } catch (e) {
    return usage(safe(e instanceof Error ? e.message : e));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (command === undefined || command === 'help') return { code: 0, out: USAGE };
  if (command !== 'list') return usage(`Unknown command "${safe(command)}".`);
  if (rest.length > 0) return usage(`list takes no argument "${safe(rest[0])}".`);

  const since = values.since ?? '24h';
  const sinceSeconds = parseSince(since);
  if (sinceSeconds === undefined)
    return usage(`--since must be a number and m, h or d, like 30m, 1h or 2d (at most 366d).`);
  const kind = values.kind;
  if (kind !== undefined && !(REPORT_KINDS as readonly string[]).includes(kind))
    return usage(`Unknown kind "${safe(kind)}".`);
  const remote = values.remote;
  if (remote !== undefined && !(REPORT_REMOTES as readonly string[]).includes(remote))
    return usage(`Unknown remote "${safe(remote)}".`);
  const limit = values.limit === undefined ? 100 : Number(values.limit);
  if (!/^\d+$/.test(values.limit ?? '100') || !Number.isSafeInteger(limit) || limit < 1)
    return usage('--limit must be a positive whole number.');

  const { groups, more } = await access.groups({
    sinceSeconds,
    kind: kind as ReportKind | undefined,
    remote: remote as ReportRemote | undefined,
    limit: Math.min(limit, 10_000),
  });
  if (values.json) return { code: 0, out: JSON.stringify({ since, groups, more }, null, 2) };

  const filters = [kind && `kind ${kind}`, remote && `remote ${remote}`].filter(Boolean);
  const window = `in the last ${since}${filters.length ? ` (${filters.join(', ')})` : ''}`;
  if (groups.length === 0) return { code: 0, out: `No client reports ${window}.` };
  const total = groups.reduce((n, g) => n + g.count, 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines = [
    `${more ? 'At least ' : ''}${plural(total, 'client report')} ${window}, ${plural(groups.length, 'group')}, ` +
      'the most recently seen first:',
    table(groups),
  ];
  if (more)
    lines.push(
      '(more groups not shown: narrow with --since, --kind or --remote, or raise --limit)',
    );
  return { code: 0, out: lines.join('\n') };
}

/** The whole command line: picks the database (or the API holding it), runs one command. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliResult> {
  // Bad arguments (and help) are answered before any database is opened.
  let valid = false;
  const checked = await runReportsCli(argv, {
    groups: async () => ((valid = true), { groups: [], more: false }),
  });
  if (!valid) return checked;
  return withCliDatabase('reports', argv, env, {
    direct: (db) => runReportsCli(argv, db),
    viaApi: (url, token) => runReportsCli(argv, apiReportAccess(url, token)),
  });
}

if (require.main === module) runCliMain(main);
