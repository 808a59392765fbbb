/** Analytics counts in PostgreSQL (PGlite locally), through the api's one db interface. */
import type { Queryable } from '../db/db';
import type { SiteEvent } from './events';

const KEY_COLUMNS = ['event', 'route', 'network', 'language', 'theme', 'surface'] as const;

/**
 * Adds one request's events to today's counts (UTC, the database's clock), one statement: alike
 * events are counted together first, then each row goes up by its count.
 */
export async function countEvents(db: Queryable, events: readonly SiteEvent[]): Promise<void> {
  const counts = new Map<string, { key: string[]; n: number }>();
  for (const e of events) {
    const key = KEY_COLUMNS.map((c) => (e[c] as string | undefined) ?? '');
    const id = key.join('\u0000');
    const hit = counts.get(id);
    if (hit) hit.n += 1;
    else counts.set(id, { key, n: 1 });
  }
  if (counts.size === 0) return;
  const values: unknown[] = [];
  const tuples = [...counts.values()].map(({ key, n }, i) => {
    values.push(...key, n);
    const at = i * 7;
    const params = Array.from({ length: 7 }, (_, j) => `$${at + j + 1}`);
    return `((now() AT TIME ZONE 'UTC')::date, ${params.join(', ')})`;
  });
  await db.query(
    `INSERT INTO analytics_events (day, ${KEY_COLUMNS.join(', ')}, count)
     VALUES ${tuples.join(', ')}
     ON CONFLICT (day, ${KEY_COLUMNS.join(', ')})
     DO UPDATE SET count = analytics_events.count + EXCLUDED.count`,
    values,
  );
}

/** One line of the summary: an event on a network ('' when none was given) and its count. */
export interface EventCount {
  event: string;
  network: string;
  count: number;
}

/** Counts per event and network over the last `sinceDays` days (today included), largest first. */
export async function eventSummary(db: Queryable, sinceDays: number): Promise<EventCount[]> {
  const { rows } = await db.query<{ event: string; network: string; count: string }>(
    `SELECT event, network, sum(count)::text AS count FROM analytics_events
     WHERE day > (now() AT TIME ZONE 'UTC')::date - $1::int
     GROUP BY event, network
     ORDER BY sum(count) DESC, event, network`,
    [sinceDays],
  );
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Every count ever stored per event and network (`/metrics`). */
export async function eventTotals(db: Queryable): Promise<EventCount[]> {
  const { rows } = await db.query<{ event: string; network: string; count: string }>(
    `SELECT event, network, sum(count)::text AS count FROM analytics_events GROUP BY event, network`,
  );
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
