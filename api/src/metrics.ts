/**
 * The api's Prometheus metrics (prom-client), one registry per running api: served as
 * `GET /metrics` on the admin listener only (127.0.0.1, see app.ts buildAdminApp), never on the
 * public one. Every name starts with `jmswap_api_`; README "Operator notes" says what each one
 * means and what to do when it alerts.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Queryable } from './db/db';
import { eventTotals } from './analytics/store';

export interface MetricsOptions {
  /** Node.js process metrics too (CPU, memory, event loop lag, GC); default false. */
  process?: boolean;
}

export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests: Counter<'route' | 'method' | 'status'>;
  readonly httpDuration: Histogram<'route' | 'method'>;

  readonly indexerHead: Gauge<'network'>;
  readonly indexerCursor: Gauge<'network'>;
  readonly indexerLag: Gauge<'network'>;
  readonly indexerWriter: Gauge<'network'>;
  readonly indexerHalted: Gauge<'network'>;
  readonly indexerBatches: Counter<'network'>;
  readonly indexerBatchDuration: Histogram<'network'>;
  readonly eventsStored: Counter<'network' | 'kind'>;
  readonly indexerErrors: Counter<'network' | 'kind'>;
  readonly reorgs: Counter<'network'>;
  readonly nodeFailovers: Counter<'network' | 'node' | 'reason'>;
  readonly nodeQuarantined: Gauge<'network' | 'node'>;
  readonly nodeWrongChain: Gauge<'network' | 'node' | 'chain'>;
  readonly nodeRequests: Counter<'network' | 'method'>;
  readonly dbErrors: Counter<'kind'>;
  readonly listings: Gauge<'status'>;
  readonly clientReports: Counter<'kind' | 'remote'>;
  readonly analyticsEvents: Gauge<'event' | 'network'>;
  readonly unhandled: Counter<'kind'>;

  /** Where listing counts and halts are read at each scrape (set by the api with its database). */
  private stateDb?: Queryable;
  private networks: string[] = [];

  constructor(opts: MetricsOptions = {}) {
    const registers = [this.registry];
    if (opts.process) collectDefaultMetrics({ register: this.registry, prefix: 'jmswap_api_' });
    this.httpRequests = new Counter({
      name: 'jmswap_api_http_requests_total',
      help: "Requests answered by the public listener, by route pattern ('(unmatched)': no route), method and status",
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'jmswap_api_http_request_duration_seconds',
      help: 'Time from the request to the answer, by route pattern and method',
      labelNames: ['route', 'method'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.indexerHead = new Gauge({
      name: 'jmswap_api_indexer_head_block',
      help: "The chain's newest block as the indexer last read it",
      labelNames: ['network'],
      registers,
    });
    this.indexerCursor = new Gauge({
      name: 'jmswap_api_indexer_cursor_block',
      help: 'The last block whose events are stored (the cursor)',
      labelNames: ['network'],
      registers,
    });
    this.indexerLag = new Gauge({
      name: 'jmswap_api_indexer_lag_blocks',
      help: "Blocks between the cursor and the chain's head minus the network's confirmations",
      labelNames: ['network'],
      registers,
    });
    this.indexerWriter = new Gauge({
      name: 'jmswap_api_indexer_writer',
      help: "1 when this process holds the network's advisory lock and writes it, else 0",
      labelNames: ['network'],
      registers,
    });
    const stateDb = () => this.stateDb;
    const networks = () => this.networks;
    this.indexerHalted = new Gauge({
      name: 'jmswap_api_indexer_halted',
      help: '1 when the network is stopped (a reorganisation deeper than the kept window): needs npm run reindex',
      labelNames: ['network'],
      registers,
      // From the database at each scrape: every instance tells, not only the network's writer.
      async collect() {
        const db = stateDb();
        if (!db) return;
        try {
          const { rows } = await db.query<{ network: string }>(
            'SELECT network FROM indexer_control WHERE halted_reason IS NOT NULL',
          );
          const halted = new Set(rows.map((r) => r.network));
          for (const network of new Set([...networks(), ...halted]))
            this.set({ network }, halted.has(network) ? 1 : 0);
        } catch {
          // The database is away: the last values stay.
        }
      },
    });
    this.indexerBatches = new Counter({
      name: 'jmswap_api_indexer_batches_total',
      help: 'Block ranges stored (events and cursor in one transaction)',
      labelNames: ['network'],
      registers,
    });
    this.indexerBatchDuration = new Histogram({
      name: 'jmswap_api_indexer_batch_duration_seconds',
      help: 'Time of one stored range: chain reads, checks and the write',
      labelNames: ['network'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.eventsStored = new Counter({
      name: 'jmswap_api_indexer_events_stored_total',
      help: 'Events written in committed ranges, by kind (trade, sync, liquidity, pair, approval); the ingest rate is its rate()',
      labelNames: ['network', 'kind'],
      registers,
    });
    this.indexerErrors = new Counter({
      name: 'jmswap_api_indexer_errors_total',
      help: 'Failed indexer steps (retried), by cause: node, database, chain (inconsistent answers), other',
      labelNames: ['network', 'kind'],
      registers,
    });
    this.reorgs = new Counter({
      name: 'jmswap_api_indexer_reorgs_total',
      help: 'Reorganisations rolled back (within the kept block window)',
      labelNames: ['network'],
      registers,
    });
    this.nodeFailovers = new Counter({
      name: 'jmswap_api_node_failovers_total',
      help: 'A node put in quarantine and the next one used, by node (host only) and reason',
      labelNames: ['network', 'node', 'reason'],
      registers,
    });
    this.nodeQuarantined = new Gauge({
      name: 'jmswap_api_node_quarantined',
      help: '1 while a node is in quarantine (not asked), else 0',
      labelNames: ['network', 'node'],
      registers,
    });
    this.nodeWrongChain = new Gauge({
      name: 'jmswap_api_node_wrong_chain',
      help: '1: the node answers another chain (`chain`) than its network; set aside until restart',
      labelNames: ['network', 'node', 'chain'],
      registers,
    });
    this.nodeRequests = new Counter({
      name: 'jmswap_api_node_requests_total',
      help: 'Calls sent to nodes, by JSON-RPC method or TRON path (a batch counts each call)',
      labelNames: ['network', 'method'],
      registers,
    });
    this.dbErrors = new Counter({
      name: 'jmswap_api_db_errors_total',
      help: "Failed database calls: 'unavailable' (no connection, server restarting) or 'query'",
      labelNames: ['kind'],
      registers,
    });
    this.listings = new Gauge({
      name: 'jmswap_api_listing_requests',
      help: 'Stored token listing requests, by status (read from the database at each scrape)',
      labelNames: ['status'],
      registers,
      async collect() {
        const db = stateDb();
        if (!db) return;
        try {
          const { rows } = await db.query<{ status: string; n: string }>(
            'SELECT status, count(*)::text AS n FROM listings GROUP BY status',
          );
          this.reset();
          for (const status of ['new', 'reviewed', 'listed', 'rejected']) this.set({ status }, 0);
          for (const r of rows) this.set({ status: r.status }, Number(r.n));
        } catch {
          // The database is away: the last counts stay; jmswap_api_db_errors_total says why.
        }
      },
    });
    this.clientReports = new Counter({
      name: 'jmswap_api_client_reports_total',
      help: "Reports stored from users' browsers (POST /v1/client-report), by kind and remote ('' when none)",
      labelNames: ['kind', 'remote'],
      registers,
    });
    this.analyticsEvents = new Gauge({
      name: 'jmswap_api_analytics_events',
      help: "The site's analytics events counted so far (POST /v1/events), by event and network ('' when none), read from the database at each scrape: every api's requests",
      labelNames: ['event', 'network'],
      registers,
      async collect() {
        const db = stateDb();
        if (!db) return;
        try {
          const totals = await eventTotals(db);
          this.reset();
          for (const t of totals) this.set({ event: t.event, network: t.network }, t.count);
        } catch {
          // The database is away: the last totals stay; jmswap_api_db_errors_total says why.
        }
      },
    });
    this.unhandled = new Counter({
      name: 'jmswap_api_unhandled_errors_total',
      help: 'Errors nothing handled (unhandled rejections, uncaught exceptions): each one is a bug',
      labelNames: ['kind'],
      registers,
    });
  }

  /** Listing counts and halted networks come from this database at each scrape. */
  readStateFrom(db: Queryable, networks: string[]): void {
    this.stateDb = db;
    this.networks = networks;
  }

  /** The Prometheus text exposition. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
