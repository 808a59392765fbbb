import { fetchInfo, parseInfo } from './info';

const good = {
  updatedAt: 1700000000000,
  networks: {
    TRON: {
      pairs: [
        {
          address: 'TXYZ',
          symbolA: 'TRX',
          symbolB: 'JM',
          reserveA: '1000.5',
          reserveB: '20',
          price: 50.025,
          volume24HUsd: 12.5,
          liquidityUsd: null,
          fees24HUsd: 0.04,
          aprPercent: null,
          trades24H: 3,
        },
      ],
      tokens: { TRX: { priceUsd: 0.1 }, JM: { priceUsd: null } },
    },
  },
};

const answer = (body: unknown, status = 200): typeof fetch =>
  jest.fn(async () => new Response(JSON.stringify(body), { status }));

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('accepts an answer that fits the contract', async () => {
  const fetchImpl = answer(good);
  const info = await fetchInfo('http://api.test/', { fetchImpl });
  expect(info?.networks.TRON?.pairs[0]?.volume24HUsd).toBe(12.5);
  expect(fetchImpl).toHaveBeenCalledWith('http://api.test/v1/info', expect.anything());
});

it('treats malformed data, error statuses and network failures as unavailable', async () => {
  const wrongType = structuredClone(good) as Record<string, any>;
  wrongType.networks.TRON.pairs[0].liquidityUsd = '1000';
  expect(parseInfo(wrongType)).toBeUndefined();
  expect(parseInfo({ networks: {} })).toBeUndefined();
  expect(await fetchInfo('http://api.test', { fetchImpl: answer(wrongType) })).toBeUndefined();
  expect(await fetchInfo('http://api.test', { fetchImpl: answer(good, 500) })).toBeUndefined();
  const offline = jest.fn(async () => {
    throw new TypeError('fetch failed');
  });
  expect(await fetchInfo('http://api.test', { fetchImpl: offline })).toBeUndefined();
  expect(await fetchInfo('', { fetchImpl: offline })).toBeUndefined();
  expect(offline).toHaveBeenCalledTimes(1);
});
