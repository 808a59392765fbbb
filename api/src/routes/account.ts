import type { FastifyPluginAsync } from 'fastify';
import { parseNetworkAddress } from '../chain/address';
import { errorSchema, HttpError } from '../plugins/errors';
import {
  addressParam,
  netParam,
  networkOf,
  NEWEST_TRADES_FIRST,
  paging,
  pagingQuery,
} from './common';
import { accountsTag, cachedAnswers } from './answers';
import type { AnswerCacheOptions } from './microcache';
import { walletTradesPage, type StoredSwap } from './walletTrades';

const ACCOUNT_COLUMNS = `SELECT pair, side, amount_a::text AS a, amount_b::text AS b,
  paid::text AS paid, received::text AS received, time::text AS time, tx_hash, usd
  FROM trades WHERE network = $1 AND trader = $2`;
/**
 * A wallet's page, first or before a time: two prepared statements (a wallet's pages are rarely
 * asked twice, so nearly every one is read), each with a plan that seeks the covering index.
 */
const ACCOUNT_PAGE = `${ACCOUNT_COLUMNS} ${NEWEST_TRADES_FIRST}`;
const ACCOUNT_PAGE_BEFORE = `${ACCOUNT_COLUMNS} AND time < $4 ${NEWEST_TRADES_FIRST}`;

/** Brotli's quality for a wallet's pages (see below). */
const WALLET_PAGE_QUALITY = 1;

/** A wallet's own trades, newest first, a route as one trade (My trades and its export). */
export const accountRoutes: FastifyPluginAsync<{ answerCache?: AnswerCacheOptions }> = async (
  app,
  opts,
) => {
  // Kept like the chart answers; any new trade of the network drops every account page.
  // Brotli at quality 1: a wallet's page is rarely asked twice, so nearly every one is
  // compressed for one client (a 50-trade page, 13 KB: 27 against 56 µs at 4, 2.9 against 1.9
  // KB out). At 50 connections over 20 000 wallets that was 40% more pages a second.
  const cached = cachedAnswers(app, { ...opts.answerCache, brotliQuality: WALLET_PAGE_QUALITY });
  app.get<{
    Params: { net: string; address: string };
    Querystring: { limit: number; before?: number };
  }>(
    '/v1/history/:net/account/:address/trades',
    {
      compress: false,
      schema: {
        params: {
          type: 'object',
          required: ['net', 'address'],
          properties: { net: netParam, address: addressParam },
        },
        querystring: pagingQuery,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                date: { type: 'integer' },
                hash: { type: 'string' },
                pair: { type: 'string' },
                symbolIn: { type: 'string' },
                symbolOut: { type: 'string' },
                amountIn: { type: 'string' },
                amountOut: { type: 'string' },
                price: { type: 'string' },
                usd: { type: ['number', 'null'] },
              },
            },
          },
          '4xx': errorSchema,
        },
      },
    },
    async (req, reply) => {
      const n = networkOf(app, req.params.net);
      const trader = parseNetworkAddress(n.platform, req.params.address);
      if (!trader)
        throw new HttpError(
          400,
          `The address must be ${n.platform === 'tron' ? 'TRON base58 (T...)' : '0x + 40 hex digits (EIP-55 checksum when mixed case)'} on ${n.id}`,
        );
      const { limit, before } = paging(req.query);
      const key = `account/${n.id}/${trader}?${limit}&${before ?? ''}`;
      return cached(key, accountsTag(n.id), req, reply, 60, () =>
        walletTradesPage(n, limit, async (rowLimit) => {
          const { rows } = await app.db.query<StoredSwap>(
            before === null ? ACCOUNT_PAGE : ACCOUNT_PAGE_BEFORE,
            before === null ? [n.id, trader, rowLimit] : [n.id, trader, rowLimit, before],
            before === null ? 'account-page' : 'account-page-before',
          );
          return rows;
        }),
      );
    },
  );
};
