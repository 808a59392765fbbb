import { checkListing, isTronAddress, toChecksumAddress, type ListingField } from './fields';

type Form = Partial<Record<ListingField, string>>;
const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BSC_USDT = '0x55d398326f99059fF775485246999027B3197955';

const validTron: Form = {
  name: 'Moon Token',
  network: 'TRON',
  type: 'TRC-20',
  contract: TRON_USDT,
  tax: '5',
  supply: '1000000',
  website: 'https://moon.example',
  email: 'team@moon.example',
  telegram: '@moontoken',
};
const validBsc: Form = { ...validTron, network: 'BSC', type: 'BEP-20', contract: BSC_USDT };

const firstError = (form: Form) => {
  const r = checkListing(form);
  return r.ok ? undefined : r.errors[0];
};
const errorOf = (field: ListingField, value: string, base: Form = validTron) =>
  firstError({ ...base, [field]: value });

it('accepts a complete request and normalises it', () => {
  const r = checkListing({
    ...validBsc,
    network: ' bsc ',
    type: 'bep20',
    contract: BSC_USDT.toLowerCase(),
    supply: '007',
    telegram: 'https://t.me/moontoken',
    website: 'moon.example',
  });
  expect(r).toEqual({
    ok: true,
    request: expect.objectContaining({
      network: 'BSC',
      type: 'BEP-20',
      contract: BSC_USDT,
      taxBps: 500,
      supply: '7',
      telegram: 'moontoken',
      website: 'https://moon.example/',
    }),
  });
});

it('names every missing field, in form order', () => {
  const r = checkListing({});
  expect(r.ok).toBe(false);
  if (!r.ok)
    expect(r.errors.map((e) => `${e.field} ${e.message}`)).toEqual([
      'name is required',
      'network is required',
      'type is required',
      'contract is required',
      'tax is required',
      'supply is required',
      'website is required',
      'email is required',
      'telegram is required',
    ]);
});

it('bounds every field length', () => {
  expect(errorOf('name', 'x'.repeat(101))).toEqual({
    field: 'name',
    message: 'must be at most 100 characters',
  });
  expect(errorOf('website', `https://a.example/${'x'.repeat(200)}`)?.message).toBe(
    'must be at most 200 characters',
  );
  expect(errorOf('email', `${'a'.repeat(250)}@b.co`)?.field).toBe('email');
  expect(errorOf('supply', '9'.repeat(79))?.field).toBe('supply');
});

it('takes one of the five networks and the token type that fits it', () => {
  expect(errorOf('network', 'SOLANA')).toEqual({
    field: 'network',
    message: 'must be one of TRON, BSC, POLY, BTTC, ETH',
  });
  expect(errorOf('type', 'ERC-20')).toEqual({ field: 'type', message: 'must be TRC-20 on TRON' });
  expect(errorOf('type', 'TRC-20', validBsc)).toEqual({
    field: 'type',
    message: 'must be BEP-20 on BSC',
  });
  expect(errorOf('type', 'erc20', { ...validBsc, network: 'POLY' })).toBeUndefined();
});

it('checks contract addresses in the format of the network', () => {
  expect(isTronAddress(TRON_USDT)).toBe(true);
  // One character changed: the base58 checksum fails.
  expect(errorOf('contract', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toEqual({
    field: 'contract',
    message: 'is not a valid TRON address',
  });
  expect(errorOf('contract', BSC_USDT)?.message).toBe('is not a valid TRON address');
  expect(errorOf('contract', TRON_USDT, validBsc)?.message).toBe('is not a valid 0x address');
  expect(errorOf('contract', '0x55d398326f99059fF775485246999027B319795', validBsc)?.message).toBe(
    'is not a valid 0x address',
  );
  // Mixed case is a checksum: one flipped letter is refused; all-lower or all-upper is accepted.
  expect(errorOf('contract', '0x55d398326f99059ff775485246999027B3197955', validBsc)).toEqual({
    field: 'contract',
    message: 'has an invalid checksum',
  });
  expect(errorOf('contract', BSC_USDT.toLowerCase(), validBsc)).toBeUndefined();
  expect(errorOf('contract', `0x${BSC_USDT.slice(2).toUpperCase()}`, validBsc)).toBeUndefined();
  // No network, or one that is not listed: only the network is said to be wrong.
  for (const network of ['', 'DOGE']) {
    const r = checkListing({ ...validTron, network, contract: 'TXYZ' });
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(['network']);
  }
  expect(toChecksumAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe(
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  );
});

const normalised = (field: ListingField, value: string) => {
  const r = checkListing({ ...validTron, [field]: value });
  return r.ok ? r.request : undefined;
};

it('takes tax as a percent written the way projects write it, to the hundredth', () => {
  for (const [tax, bps] of [
    ['0', 0],
    ['100', 10_000],
    ['7', 700],
    ['2.5', 250],
    ['2,5', 250],
    ['0.25', 25],
    ['3%', 300],
    ['12.34 %', 1234],
  ] as const)
    expect(normalised('tax', tax)?.taxBps).toBe(bps);
  for (const tax of ['101', '100.01', '-1', '2.555', '.5', '1e2', 'ten', '3%%'])
    expect(errorOf('tax', tax)).toEqual({
      field: 'tax',
      message: 'must be a percent from 0 to 100, e.g. 3 or 2.5',
    });
});

it('takes supply as a positive whole number, grouped by thousands or not', () => {
  for (const supply of ['1,000,000', '1 000 000', '1_000_000', '1000000'])
    expect(normalised('supply', supply)?.supply).toBe('1000000');
  expect(errorOf('supply', '115792089237316195423570985008687907853269984665640564039457')).toBe(
    undefined,
  );
  for (const supply of ['0', '000', '-5', '1.5', '1,00', '1,000 000', '1.000.000', ',000'])
    expect(errorOf('supply', supply)).toEqual({
      field: 'supply',
      message: 'must be a positive whole number',
    });
});

it('takes http(s) websites, email addresses and Telegram handles or t.me links', () => {
  for (const url of [
    'javascript:alert(1)',
    'ftp://moon.example',
    'https://u:p@x.io',
    'mailto:team@moon.example',
    'moon example',
  ])
    expect(errorOf('website', url)).toEqual({
      field: 'website',
      message: 'must be an http(s) url',
    });
  expect(errorOf('website', 'http://moon.example/path?q=1')).toBeUndefined();
  // Named without a scheme, as most people name a site: an https one.
  expect(normalised('website', 'moon.example/about')?.website).toBe('https://moon.example/about');
  for (const email of ['team', 'team@', '@moon.example', 'a b@moon.example', 'x@y'])
    expect(errorOf('email', email)?.message).toBe('is not a valid email address');
  for (const tg of ['moontoken', '@moon_token', 't.me/moontoken', 'https://telegram.me/moontoken'])
    expect(errorOf('telegram', tg)).toBeUndefined();
  for (const tg of ['@ab', 'https://evil.example/moontoken', '@moon token', '1moon'])
    expect(errorOf('telegram', tg)?.message).toBe('must be a Telegram handle or t.me link');
});

it('refuses markup and control characters in the name', () => {
  expect(errorOf('name', '<script>alert(1)</script>')).toEqual({
    field: 'name',
    message: 'contains characters that are not allowed',
  });
  expect(errorOf('name', 'Moon\u001b[2J')?.field).toBe('name');
  expect(errorOf('name', 'Moon & Sons Token')).toBeUndefined();
});
