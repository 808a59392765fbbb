/** Listing requests in PostgreSQL (PGlite locally), through the api's one db interface. */
import type { Queryable } from '../db/db';
import type { ListingRequest } from './fields';
import type { TokenFacts } from './chain';

export const LISTING_STATUSES = ['new', 'reviewed', 'listed', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export interface ListingRow {
  id: number;
  network: string;
  contract: string;
  name: string;
  type: string;
  /** The declared tax in percent, to two decimals (2.5). */
  tax: number;
  supply: string;
  website: string;
  email: string;
  telegram: string;
  chainName: string | null;
  chainSymbol: string | null;
  chainDecimals: number | null;
  status: ListingStatus;
  note: string | null;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `id::int AS id, network, contract, name, token_type AS type, tax::float8 AS tax,
  supply::text AS supply, website, email, telegram, chain_name AS "chainName",
  chain_symbol AS "chainSymbol", chain_decimals::int AS "chainDecimals", status, note,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"`;

/** Stores a request; undefined when the same network and contract is already stored. */
export async function insertListing(
  db: Queryable,
  request: ListingRequest,
  chain: TokenFacts | undefined,
  clientIp: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO listings (network, contract, contract_key, name, token_type, tax, supply, website,
       email, telegram, chain_name, chain_symbol, chain_decimals, client_ip)
     VALUES ($1, $2, $3, $4, $5, $6::numeric / 100, $7::numeric, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT ON CONSTRAINT listings_network_contract DO NOTHING
     RETURNING id::int AS id`,
    [
      request.network,
      request.contract,
      request.contract.toLowerCase(),
      request.name,
      request.type,
      request.taxBps,
      request.supply,
      request.website,
      request.email,
      request.telegram,
      chain?.name ?? null,
      chain?.symbol ?? null,
      chain?.decimals ?? null,
      clientIp,
    ],
  );
  return rows[0]?.id;
}

export async function findListing(
  db: Queryable,
  network: string,
  contract: string,
): Promise<ListingRow | undefined> {
  const { rows } = await db.query<ListingRow>(
    `SELECT ${COLUMNS} FROM listings WHERE network = $1 AND contract_key = $2`,
    [network, contract.toLowerCase()],
  );
  return rows[0];
}

export async function getListing(db: Queryable, id: number): Promise<ListingRow | undefined> {
  const { rows } = await db.query<ListingRow>(`SELECT ${COLUMNS} FROM listings WHERE id = $1`, [
    id,
  ]);
  return rows[0];
}

/** Newest first, optionally only one status. */
export async function listListings(
  db: Queryable,
  opts: { status?: ListingStatus; limit?: number } = {},
): Promise<ListingRow[]> {
  const { rows } = await db.query<ListingRow>(
    `SELECT ${COLUMNS} FROM listings WHERE ($1::text IS NULL OR status = $1)
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [opts.status ?? null, opts.limit ?? 100],
  );
  return rows;
}

/** Changes a request's status (and note); undefined when there is no such request. */
export async function setListingStatus(
  db: Queryable,
  id: number,
  status: ListingStatus,
  note?: string,
): Promise<ListingRow | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE listings SET status = $2, note = COALESCE($3, note), updated_at = now()
     WHERE id = $1 RETURNING id::int AS id`,
    [id, status, note ?? null],
  );
  return rows[0] ? getListing(db, id) : undefined;
}
