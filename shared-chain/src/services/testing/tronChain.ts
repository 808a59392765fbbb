import type { FetchLike } from '../../adapters/tron/node';

/** TRON mainnet's genesis block id: its last 4 bytes are the chain id (728126428). */
export const TRON_MAINNET_GENESIS =
  '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc';

/** A genesis block id whose last 4 bytes say `chainId`, as on TRON. */
export const genesisIdOf = (chainId: number): string =>
  TRON_MAINNET_GENESIS.slice(0, 56) + chainId.toString(16).padStart(8, '0');

/**
 * What a java-tron node answers the pool's checks (`getblock` of block 0 and of the head), or
 * undefined for any other request.
 */
export function tronCheckAnswer(
  path: string,
  body: Record<string, unknown>,
  chain: { chainId?: number; head?: number; headTimestampMs?: number } = {},
): unknown {
  if (!path.endsWith('/wallet/getblock')) return undefined;
  if (body.id_or_num === '0')
    return {
      blockID: genesisIdOf(chain.chainId ?? 728126428),
      block_header: { raw_data: { timestamp: 1529891469000 } },
    };
  const number = chain.head ?? 1000;
  return {
    blockID: `${number.toString(16).padStart(16, '0')}${'ab'.repeat(24)}`,
    block_header: {
      raw_data: { number, timestamp: chain.headTimestampMs ?? 1_700_000_000_000 + number * 3000 },
    },
  };
}

/**
 * A fetch double that answers the pool's checks as a node of `chain` and hands every other
 * request to `inner` (which sees only the reads it is about).
 */
export function answeringChecks(
  inner: FetchLike,
  chain: Parameters<typeof tronCheckAnswer>[2] = {},
): FetchLike {
  return async (url, init) => {
    const answer = tronCheckAnswer(new URL(url).pathname, JSON.parse(init.body), chain);
    if (answer === undefined) return inner(url, init);
    return { ok: true, status: 200, json: async () => answer };
  };
}
