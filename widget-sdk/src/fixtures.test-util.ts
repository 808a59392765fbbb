import type { SdkNetwork } from './policy';

export const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const ROUTER = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const LIQ_ROUTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const USDT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
export const WBNB = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';

export const BSC: SdkNetwork = {
  id: 'BSC',
  name: 'BSC',
  platform: 'evm',
  chainId: 31056,
  nodeUrl: 'http://127.0.0.1:9546',
  baseToken: 'BNB',
  exchange: { ROUTER_ADDRESS: ROUTER, LIQUIDITY_ROUTER: LIQ_ROUTER },
  tokens: {
    BNB: { symbol: 'BNB', address: WBNB, decimals: 18, isBase: true },
    USDT: { symbol: 'USDT', address: USDT, decimals: 18 },
  },
};

// Mainnet TRON addresses (USDT, WTRX, JST) used only as well-formed base58 values.
export const TRON_ACCOUNT = 'TCFLL5dx5ZJdKnWuesXxi1VPwjLVmWZZy9';
export const TRON_ROUTER = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR';
export const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const TRON: SdkNetwork = {
  id: 'TRON',
  name: 'TRON',
  platform: 'tron',
  chainId: 728126428,
  nodeUrl: 'http://127.0.0.1:9090',
  baseToken: 'TRX',
  exchange: { ROUTER_ADDRESS: TRON_ROUTER, LIQUIDITY_ROUTER: TRON_ROUTER },
  tokens: {
    TRX: { symbol: 'TRX', address: '', decimals: 6, isBase: true },
    USDT: { symbol: 'USDT', address: TRON_USDT, decimals: 6 },
  },
};

export const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
