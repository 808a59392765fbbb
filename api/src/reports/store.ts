/** Client reports in PostgreSQL (PGlite locally), through the api's one db interface. */
import type { Queryable } from '../db/db';
import type { ReportKind, ReportRemote, ReportRow } from './report';

/** Stores the rows of one request in one statement. */
export async function insertReports(db: Queryable, rows: ReportRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values: unknown[] = [];
  const tuples = rows.map((r, i) => {
    values.push(r.kind, r.remote, r.version, r.cause, r.page, r.release);
    const n = i * 6;
    return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6})`;
  });
  await db.query(
    `INSERT INTO client_reports (kind, remote, version, cause, page, release)
     VALUES ${tuples.join(', ')}`,
    values,
  );
}

/** Reports alike (same kind, remote, version and cause), counted. */
export interface ReportGroup {
  kind: ReportKind;
  remote: ReportRemote | null;
  version: string | null;
  cause: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
}

export interface GroupQuery {
  /** Only reports received within this many seconds before now (the database's clock). */
  sinceSeconds: number;
  kind?: ReportKind;
  remote?: ReportRemote;
  /** Groups returned at most (default 100); `more` says when there were others. */
  limit?: number;
}

const UTC = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The groups of the window, the most recently seen first (then the most frequent). */
export async function reportGroups(
  db: Queryable,
  q: GroupQuery,
): Promise<{ groups: ReportGroup[]; more: boolean }> {
  const limit = q.limit ?? 100;
  const { rows } = await db.query<ReportGroup>(
    `SELECT kind, remote, version, cause, count(*)::int AS count,
       ${UTC('min(received_at)')} AS "firstSeen", ${UTC('max(received_at)')} AS "lastSeen"
     FROM client_reports
     WHERE received_at >= now() - $1::bigint * interval '1 second'
       AND ($2::text IS NULL OR kind = $2) AND ($3::text IS NULL OR remote = $3)
     GROUP BY kind, remote, version, cause
     ORDER BY max(received_at) DESC, count(*) DESC, kind, cause
     LIMIT $4`,
    [q.sinceSeconds, q.kind ?? null, q.remote ?? null, limit + 1],
  );
  return { groups: rows.slice(0, limit), more: rows.length > limit };
}

/** How long reports are kept, and how many at most (the newest), unless the operator says. */
export const REPORTS_KEEP_DAYS = 30;
export const REPORTS_MAX_ROWS = 1_000_000;

/**
 * Deletes the reports older than `keepDays` (the database's clock) and all but the newest
 * `maxRows`: a report a second is a few GB a year, and what an operator reads is the last
 * days. Returns how many were deleted. Safe to run from several api processes at once.
 */
export async function pruneReports(
  db: Queryable,
  opts: { keepDays?: number; maxRows?: number } = {},
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM client_reports
       WHERE received_at < now() - $1::bigint * interval '1 day'
          OR id <= (SELECT id FROM client_reports ORDER BY id DESC OFFSET $2::bigint LIMIT 1)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [opts.keepDays ?? REPORTS_KEEP_DAYS, opts.maxRows ?? REPORTS_MAX_ROWS],
  );
  return rows[0]?.n ?? 0;
}
