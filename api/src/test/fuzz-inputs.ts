// Bad and odd input for every route of the api (the fuzz test and `npm run bench -- --only
// fuzz` use the same requests): limits 0, -1, 1.5, 10^9; huge cursors; bad EVM checksums and
// TRON addresses; unknown networks, symbols and pairs; from > to; over-long strings; repeated
// and unknown parameters; random text in every place.
import fc from 'fast-check';
import { hexToTron, toChecksumAddress } from '../chain/address';
import { indexedNetworks, type IndexedNetwork, type NetworksFile } from '../config';
import { LISTING_FIELDS } from '../listing/fields';

const addr = (n: number) => '0x' + n.toString(16).padStart(40, '0');
const TOKENS = {
  BSC: { BNB: addr(0xb1), USDT: '0x55d398326f99059ff775485246999027b3197955', JM: addr(0xb3) },
  TRON: { TRX: addr(0xa1), JM: addr(0xa2), USDT: addr(0xa3) },
};

/**
 * Two networks (an EVM one and TRON) with tokens and pools, without a chain: the routes read
 * the database (empty or seeded) and never need a node. `nodeUrl` is a closed port.
 */
export function fuzzNetworks(): IndexedNetwork[] {
  const network = (id: 'BSC' | 'TRON', base: string) => {
    const tokens = TOKENS[id] as Record<string, string>;
    const symbols = Object.keys(tokens);
    return {
      id,
      platform: id === 'TRON' ? 'tron' : 'evm',
      nodeUrl: 'http://127.0.0.1:9',
      api: { url: '', ownerAddress: '' },
      exchange: { FACTORY_ADDRESS: addr(id === 'TRON' ? 0xaf : 0xbf) },
      baseToken: base,
      tokens: Object.fromEntries(
        symbols.map((s) => [
          s,
          { symbol: s, address: tokens[s], decimals: 18, isBase: s === base },
        ]),
      ),
      pools: [
        { symbolA: symbols[0], symbolB: symbols[1], address: addr(id === 'TRON' ? 0xa9 : 0xb9) },
        { symbolA: symbols[2], symbolB: symbols[0], address: addr(id === 'TRON' ? 0xa8 : 0xb8) },
      ],
    };
  };
  return indexedNetworks({
    profile: 'local',
    networks: { BSC: network('BSC', 'BNB'), TRON: network('TRON', 'TRX') },
  } as unknown as NetworksFile);
}

/** A checksummed address with one letter's case flipped: a mistyped address. */
export function badChecksum(address: string): string {
  const good = toChecksumAddress(address);
  const i = [...good].findIndex((c, j) => j > 1 && /[a-fA-F]/.test(c));
  const c = good[i]!;
  return (
    good.slice(0, i) +
    (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) +
    good.slice(i + 1)
  );
}

const tronValid = hexToTron(TOKENS.TRON.JM);
/** The same base58 text with its last character changed: the checksum no longer matches. */
const tronBadChecksum = tronValid.slice(0, -1) + (tronValid.endsWith('a') ? 'b' : 'a');

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '..',
    '%',
    '%zz',
    '%00',
    '\u0000',
    '💥',
    'null',
    'undefined',
    '[]',
    '{}',
  ),
);
const numberish = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e9', '1000000000', '1e309', '-0', 'NaN', 'Infinity', '0x10'),
  fc.constantFrom('200', '201', '1', '50', ' 5', '5 ', '+5', '05', '9007199254740993', '1e30'),
  fc.integer().map(String),
  fc.double().map(String),
  text,
);
const net = fc.oneof(
  fc.constantFrom('bsc', 'tron', 'eth', 'poly', 'BSC', 'Bsc', 'solana', 'bsc ', ''),
  text,
);
const time = fc.oneof(fc.constantFrom('1d', '1w', '1m', '3m', '1y', 'all', '2d', '1Y', ''), text);
const symbol = fc.oneof(
  fc.constantFrom('BNB', 'USDT', 'JM', 'TRX', 'bnb', 'NOPE', 'A'.repeat(21), 'US-DT', 'USDT%20'),
  text,
);
const evmAddress = fc.oneof(
  fc.constantFrom(
    TOKENS.BSC.USDT,
    toChecksumAddress(TOKENS.BSC.USDT),
    TOKENS.BSC.USDT.toUpperCase().replace('0X', '0x'),
    badChecksum(TOKENS.BSC.USDT),
    badChecksum('0x976ea74026e726554db657fa54763abd0c3a0aa9'),
    '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    TOKENS.BSC.BNB,
    addr(0),
    TOKENS.BSC.USDT.slice(0, 41),
    TOKENS.BSC.USDT + '0',
    '0x' + 'g'.repeat(40),
    TOKENS.BSC.USDT.slice(2),
  ),
  fc
    .string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 40, maxLength: 40 })
    .map((h) => '0x' + h),
  text,
);
const tronAddress = fc.oneof(
  fc.constantFrom(tronValid, tronBadChecksum, hexToTron(TOKENS.TRON.TRX), 'T' + '1'.repeat(33)),
  fc.constantFrom(TOKENS.TRON.JM, tronValid.toLowerCase(), tronValid + 'x'),
  text,
);
const address = fc.oneof(evmAddress, tronAddress);
/** Long strings: path segments beyond the router's 200, query values of kilobytes. */
const long = fc.constantFrom('x'.repeat(201), 'A'.repeat(1000), '9'.repeat(5000));

const param = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('limit', 'before'), numberish) },
  {
    weight: 2,
    arbitrary: fc.tuple(
      fc.constantFrom('skip', 'offset', 'from', 'to', 'page', 'limit[]', 'first', '__proto__'),
      numberish,
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('limit', 'before', 'x'), long) },
);
/** A query string: nothing, known and unknown parameters, repeats, from > to. */
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(param, { maxLength: 4 })
    .map((ps) => '?' + ps.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')),
  fc.constantFrom('?limit=5&limit=6', '?from=10&to=5', '?skip=1000000000000', '?limit', '?&&=&'),
);
/**
 * A path segment: percent-encoded, or sometimes as it is (then the router decodes it: `%zz`,
 * `%00`...) when that keeps the url's shape (no /, ?, # or space).
 */
const seg = <T extends string>(arb: fc.Arbitrary<T>) =>
  fc
    .tuple(arb, fc.integer({ min: 0, max: 4 }))
    .map(([s, pick]) =>
      pick === 0 && s.length > 0 && !/[/?#\s]/.test(s) ? s : encodeURIComponent(s),
    );

export interface FuzzRequest {
  route: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: Buffer | string;
  /** The admin listener's routes (with its token). */
  admin?: boolean;
}

const get = (route: string, url: string): FuzzRequest => ({ route, method: 'GET', url });

const listingForm = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...LISTING_FIELDS) },
        { weight: 1, arbitrary: fc.constantFrom('file', 'extra', '', 'name') },
      ),
      fc.oneof(
        text,
        long,
        numberish,
        fc.constantFrom('TRON', 'BSC', 'TRC-20', 'BEP-20', tronValid, tronBadChecksum),
        fc.constantFrom(badChecksum(TOKENS.BSC.USDT), 'https://x.test', 'a@b.test', '@moon_token'),
      ),
    ),
    { maxLength: 12 },
  )
  .map(async (fields) => {
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, v);
    const body = new Response(form);
    return {
      route: '/v1/listing',
      method: 'POST' as const,
      url: '/v1/listing',
      headers: { 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    };
  });

const json = (v: unknown) => JSON.stringify(v);
const adminBody = fc.oneof(
  fc.record(
    {
      status: fc.oneof(fc.constantFrom('new', 'listed', 'NEW', ''), text),
      note: fc.oneof(text, long),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      network: fc.oneof(fc.constantFrom('BSC', 'TRON', 'bsc', 'SOL'), text),
      from: fc.oneof(numberish, fc.integer(), fc.constant(-1), fc.constant(1e30)),
      extra: text,
    },
    { requiredKeys: [] },
  ),
  fc.constant('not json'),
);

/** POST /v1/client-report: the shell's, the CSP report-uri and the Reporting API shapes, odd. */
const reportValue = fc.oneof(
  text,
  long,
  numberish,
  fc.constantFrom(
    'integrity',
    'csp',
    'remote-load',
    'swap',
    '1.4.2',
    '/pools?x=1#y',
    'script-src-elem',
    "script-src 'self'",
    'inline',
    'http://x.test/a.js?b=1',
    'data:text/plain,x',
    '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    tronValid,
  ),
  fc.integer(),
  fc.constantFrom(null, true, [], {}, [1], { a: 1 }),
);
const reportObject = fc.dictionary(
  fc.constantFrom(
    'kind',
    'remote',
    'version',
    'cause',
    'page',
    'release',
    'type',
    'url',
    'body',
    'document-uri',
    'blocked-uri',
    'effective-directive',
    'violated-directive',
    'line-number',
    'documentURL',
    'blockedURL',
    'effectiveDirective',
    'lineNumber',
    'disposition',
    'extra',
  ),
  reportValue,
  { maxKeys: 8 },
);
const clientReport = fc
  .tuple(
    fc.constantFrom(
      'application/json',
      'text/plain;charset=UTF-8',
      'application/csp-report',
      'application/reports+json',
      'application/json; charset=utf-8',
      'application/x-www-form-urlencoded',
      'text/html',
    ),
    fc.oneof(
      reportObject.map(json),
      reportObject.map((o) => json({ 'csp-report': o })),
      fc
        .array(
          fc.record(
            { type: fc.oneof(fc.constant('csp-violation'), text), body: reportObject },
            { requiredKeys: [] },
          ),
          { maxLength: 5 },
        )
        .map(json),
      fc.constantFrom(
        '',
        'not json',
        '{"kind":',
        'null',
        '[]',
        '"text"',
        '{"__proto__":{"kind":"csp"},"kind":"csp","cause":"x"}',
        json({ kind: 'csp', cause: 'x'.repeat(20_000) }),
      ),
    ),
  )
  .map(([type, payload]) => ({
    route: '/v1/client-report',
    method: 'POST' as const,
    url: '/v1/client-report',
    headers: { 'content-type': type },
    payload,
  }));

/** One request of any route, with any of the above in any place. */
export const fuzzRequest: fc.Arbitrary<FuzzRequest | Promise<FuzzRequest>> = fc.oneof(
  fc
    .tuple(fc.constantFrom('candles', 'line'), seg(net), seg(time), seg(symbol), seg(symbol), query)
    .map(([kind, n, t, a, b, q]) =>
      get(`/v1/history/:net/${kind}/:time/:a/:b`, `/v1/history/${n}/${kind}/${t}/${a}/${b}${q}`),
    ),
  fc
    .tuple(seg(net), seg(address), seg(address), query)
    .map(([n, a, b, q]) =>
      get('/v1/history/:net/trades/:addressA/:addressB', `/v1/history/${n}/trades/${a}/${b}${q}`),
    ),
  fc
    .tuple(seg(net), seg(address), query)
    .map(([n, a, q]) =>
      get('/v1/history/:net/account/:address/trades', `/v1/history/${n}/account/${a}/trades${q}`),
    ),
  fc.tuple(fc.constantFrom('/v1/info', '/health', '/ready'), query).map(([p, q]) => get(p, p + q)),
  fc
    .tuple(
      fc.oneof(net, fc.constantFrom('TRON', 'ETH', 'SOL'), long),
      fc.oneof(address, long),
      fc.oneof(query, fc.constantFrom('', '&owner=x', '&network=bsc')),
      fc.constantFrom('network', 'owner', 'both', 'none'),
    )
    .map(([n, o, q, which]) => {
      const ps = [
        which !== 'owner' && which !== 'none' ? `network=${encodeURIComponent(n)}` : '',
        which !== 'network' && which !== 'none' ? `owner=${encodeURIComponent(o)}` : '',
      ].filter(Boolean);
      const extra = q.replace(/^\?/, '');
      return get('/v1/approvals', `/v1/approvals?${[...ps, extra].filter(Boolean).join('&')}`);
    }),
  fc
    .tuple(seg(fc.oneof(net, long)), seg(symbol), query)
    .map(([n, s, q]) => get('(unmatched)', `/v1/history/${n}/${s}${q}`)),
  listingForm,
  fc
    .tuple(fc.oneof(fc.constantFrom('new', 'listed', 'nope', ''), text), numberish)
    .map(([status, limit]) => ({
      ...get(
        '/v1/admin/listings',
        `/v1/admin/listings?status=${encodeURIComponent(status)}&limit=${encodeURIComponent(limit)}`,
      ),
      admin: true,
    })),
  seg(numberish).map((id) => ({
    ...get('/v1/admin/listings/:id', `/v1/admin/listings/${id}`),
    admin: true,
  })),
  fc.tuple(seg(numberish), adminBody).map(([id, body]) => ({
    route: '/v1/admin/listings/:id/status',
    method: 'POST' as const,
    url: `/v1/admin/listings/${id}/status`,
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : json(body),
    admin: true,
  })),
  clientReport,
  fc
    .tuple(
      fc.oneof(numberish, fc.constantFrom('86400', '3600')),
      fc.oneof(fc.constantFrom('csp', 'integrity', 'nope'), text),
      fc.oneof(fc.constantFrom('swap', 'pools', 'wallet'), text),
    )
    .map(([since, kind, remote]) => ({
      ...get(
        '/v1/admin/client-reports',
        `/v1/admin/client-reports?since=${encodeURIComponent(since)}&kind=${encodeURIComponent(kind)}&remote=${encodeURIComponent(remote)}`,
      ),
      admin: true,
    })),
  adminBody.map((body) => ({
    route: '/v1/admin/indexer/reindex',
    method: 'POST' as const,
    url: '/v1/admin/indexer/reindex',
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : json(body),
    admin: true,
  })),
);
