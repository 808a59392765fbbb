// Writes config/networks.production.json and the letter logos under assets/currency/.
// The token facts (decimals, taxes, flags, pools) come from chain-layer.md section 9;
// run it again after changing the tables below.
import { writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logo = (s) => `/assets/currency/${s.toLowerCase()}.svg`;
const t = (symbol, name, decimals, extra = {}) => ({
  symbol,
  name,
  address: '',
  decimals,
  logoURI: logo(symbol),
  tax: 0,
  ...extra,
});
const JM = t('JM', 'JustMoney', 8, {
  tax: 3,
  canAddToken: true,
  description: 'JustMoney is a token focused on DeFi and crypto payment services.',
  www: 'https://just.money',
});
const pools = (pairs) => pairs.map(([a, b]) => ({ symbolA: a, symbolB: b, address: '' }));
const exchange = {
  FACTORY_ADDRESS: '',
  ROUTER_ADDRESS: '',
  LIQUIDITY_ROUTER: '',
  SWAP_API: '',
  MAX_HOP_LENGTH: 3,
};

const tronTokens = [
  t('TRX', 'Tronix', 6, { isBase: true }),
  JM,
  t('USDT', 'Tether USD', 6),
  t('WBTT', 'Wrapped BitTorrent', 6),
  t('SafeMoney', 'SafeMoney', 8, { tax: 10, useNormalRouterForLiquidity: true }),
  t('NOLE', 'NoleCoin', 18),
  t('MILK', 'Milk', 6),
  t('LUMI', 'Lumi', 6),
  t('BBT', 'BabyBitTorrent', 8, { tax: 5 }),
  t('ICR', 'Intercrone', 8),
  t('CREED', 'Creed', 18),
  t('CREEDX', 'CreedX', 18),
  t('CYFM', 'CyberFM', 18, { tax: 5 }),
  t('KLV', 'Klever', 6),
  t('KTY', 'Kitty', 6),
  t('NFT', 'APENFT', 6),
  t('JST', 'JUST', 18),
  t('TNT', 'Tronix Network Token', 18),
  t('ZLF', 'Zillion', 18),
  t('turu', 'Turu', 18),
  t('TWJ', 'TronWeb Jackpot', 6),
];
const byMap = (list) => Object.fromEntries(list.map((x) => [x.symbol, x]));
const tronPools = [
  ...tronTokens.filter((x) => x.symbol !== 'TRX').map((x) => ['TRX', x.symbol]),
  ['JM', 'USDT'],
];

// Public nodes, at least two per network (reads fail over between them: core/nodePool.ts).
// nodeUrl (the first) stays for readers of the file that know one node only (the api, the SDK).
// blockTimeMs: how often the api's indexer asks a node for a new head (BSC: 0.75 s since 2025).
const nodes = (...urls) => ({ nodeUrl: urls[0], nodeUrls: urls });

const networks = {
  TRON: {
    id: 'TRON',
    name: 'TRON',
    platform: 'tron',
    chainId: 728126428,
    ...nodes('https://api.trongrid.io', 'https://tron-rpc.publicnode.com'),
    blockTimeMs: 3000,
    scan: 'https://tronscan.org/#/transaction/',
    api: { url: '', ownerAddress: '' },
    exchange,
    baseToken: 'TRX',
    defaultTokens: ['TRX', 'JM'],
    tokens: byMap(tronTokens),
    pools: pools(tronPools),
  },
  BSC: {
    id: 'BSC',
    name: 'BNB Smart Chain',
    platform: 'evm',
    chainId: 56,
    ...nodes('https://bsc-dataseed.bnbchain.org', 'https://bsc-rpc.publicnode.com'),
    blockTimeMs: 750,
    scan: 'https://bscscan.com/tx/',
    api: { url: '', ownerAddress: '' },
    exchange,
    baseToken: 'BNB',
    defaultTokens: ['BNB', 'USDT'],
    tokens: byMap([
      t('BNB', 'BNB', 18, { isBase: true }),
      t('USDT', 'Tether USD', 18),
      t('BUSD', 'Binance USD', 18),
      t('BTCB', 'Bitcoin BEP2', 18),
      t('TRX', 'TRON', 18),
      t('KLV', 'Klever', 6),
      t('O1T', 'Only1Token', 18, { tax: 7 }),
      t('PSRS', 'Parser', 18, { tax: 2, useNormalRouterForLiquidity: true }),
    ]),
    pools: pools([
      ['BNB', 'USDT'],
      ['BNB', 'BUSD'],
      ['BNB', 'BTCB'],
      ['BNB', 'TRX'],
      ['BNB', 'KLV'],
      ['BNB', 'O1T'],
      ['BNB', 'PSRS'],
    ]),
  },
  POLY: {
    id: 'POLY',
    name: 'Polygon',
    platform: 'evm',
    chainId: 137,
    ...nodes('https://polygon-rpc.com', 'https://polygon-bor-rpc.publicnode.com'),
    blockTimeMs: 2000,
    scan: 'https://polygonscan.com/tx/',
    api: { url: '', ownerAddress: '' },
    exchange,
    baseToken: 'MATIC',
    defaultTokens: ['USDT', 'MATIC'],
    gasPrice: '60000000000',
    tokens: byMap([
      t('MATIC', 'Polygon', 18, { isBase: true }),
      t('USDT', 'Tether USD', 6),
      t('WETH', 'Wrapped Ether', 18),
    ]),
    pools: pools([
      ['MATIC', 'USDT'],
      ['MATIC', 'WETH'],
    ]),
  },
  BTTC: {
    id: 'BTTC',
    name: 'BitTorrent Chain',
    platform: 'evm',
    chainId: 199,
    ...nodes('https://rpc.bt.io', 'https://rpc.bittorrentchain.io', 'https://bittorrent.drpc.org'),
    blockTimeMs: 2000,
    scan: 'https://bttcscan.com/tx/',
    api: { url: '', ownerAddress: '' },
    exchange,
    baseToken: 'BTT',
    defaultTokens: ['TRX', 'BTT'],
    gasPrice: '1000000000000000',
    tokens: byMap([t('BTT', 'BitTorrent', 18, { isBase: true }), t('TRX', 'TRON', 6)]),
    pools: pools([['BTT', 'TRX']]),
  },
  ETH: {
    id: 'ETH',
    name: 'Ethereum',
    platform: 'evm',
    chainId: 1,
    ...nodes('https://ethereum-rpc.publicnode.com', 'https://eth.llamarpc.com'),
    blockTimeMs: 12_000,
    scan: 'https://etherscan.io/tx/',
    api: { url: '', ownerAddress: '' },
    exchange,
    baseToken: 'ETH',
    defaultTokens: ['ETH', 'USDT'],
    tokens: byMap([
      t('ETH', 'Ether', 18, { isBase: true }),
      // Ethereum's USDT refuses to change a non-zero allowance: approve 0 first.
      t('USDT', 'Tether USD', 6, { approveResetRequired: true }),
    ]),
    pools: pools([['ETH', 'USDT']]),
  },
};

const file = { profile: 'production', version: 'production', networks };
mkdirSync(join(root, 'config'), { recursive: true });
writeFileSync(join(root, 'config/networks.production.json'), JSON.stringify(file, null, 2) + '\n');
// (npx prettier --write config/networks.production.json afterwards keeps lint green)

// Letter logos: a coloured disc with the symbol's first letters, colour derived from the symbol.
const assets = join(root, 'assets/currency');
mkdirSync(assets, { recursive: true });
const symbols = new Set(Object.values(networks).flatMap((n) => Object.keys(n.tokens)));
for (const s of symbols) {
  const file = join(assets, `${s.toLowerCase()}.svg`);
  if (existsSync(file)) continue;
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) % 360;
  const label = s.slice(0, s.length > 4 ? 2 : 3).toUpperCase();
  const size = label.length > 2 ? 22 : 28;
  writeFileSync(
    file,
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="31" fill="hsl(${h},62%,42%)"/><text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${label}</text></svg>\n`,
  );
}
console.log(`wrote ${Object.keys(networks).length} networks, ${symbols.size} logos`);
