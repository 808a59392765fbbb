import { encodeAbi, type AbiType, type AbiValue } from './abi';
import type { SdkNetwork } from './policy';
import { ROUTER_METHODS } from './router-methods.generated';

export const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const ROUTER = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const LIQ_ROUTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const USDT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
export const WBNB = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
export const BUSD = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
/** A taxed token (3%), as JM. */
export const JM = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
/** A token anyone may have deployed, with a pair anyone may have created. */
export const UNLISTED = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
export const PAIR_BNB_USDT = '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853';
export const PAIR_BNB_BUSD = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6';
export const PAIR_BNB_JM = '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318';
export const PAIR_USDT_BUSD = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788';

export const BSC: SdkNetwork = {
  id: 'BSC',
  name: 'BSC',
  platform: 'evm',
  chainId: 31056,
  nodeUrl: 'http://127.0.0.1:9546',
  baseToken: 'BNB',
  exchange: { ROUTER_ADDRESS: ROUTER, LIQUIDITY_ROUTER: LIQ_ROUTER, MAX_HOP_LENGTH: 3 },
  tokens: {
    BNB: { symbol: 'BNB', address: WBNB, decimals: 18, isBase: true, tax: 0 },
    USDT: { symbol: 'USDT', address: USDT, decimals: 18, tax: 0 },
    BUSD: { symbol: 'BUSD', address: BUSD, decimals: 18, tax: 0 },
    JM: { symbol: 'JM', address: JM, decimals: 8, tax: 3 },
    WETH: { symbol: 'WETH', address: '', decimals: 18, tax: 0 },
  },
  pools: [
    { symbolA: 'BNB', symbolB: 'USDT', address: PAIR_BNB_USDT },
    { symbolA: 'BNB', symbolB: 'BUSD', address: PAIR_BNB_BUSD },
    { symbolA: 'BNB', symbolB: 'JM', address: PAIR_BNB_JM },
    { symbolA: 'USDT', symbolB: 'BUSD', address: PAIR_USDT_BUSD },
  ],
};

// Mainnet TRON addresses (USDT, WTRX, JST) and made-up ones, used only as well-formed base58.
export const TRON_ACCOUNT = 'TCFLL5dx5ZJdKnWuesXxi1VPwjLVmWZZy9';
export const TRON_ROUTER = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
export const TRON_LIQ_ROUTER = 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E';
export const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const WTRX = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR';
export const TRON_JM = 'TEdvoHEatmDKvTh3o9vBRB9Vdtbhn4QFhy';
export const TRON_UNLISTED = 'TGCAjMXComunWZEXCT1LPBdcYbDVuyexBv';
export const TRON_PAIR_TRX_USDT = 'THkQfRopincF6emzbk6VMC7jTHqJ8MP8g7';
export const TRON: SdkNetwork = {
  id: 'TRON',
  name: 'TRON',
  platform: 'tron',
  chainId: 728126428,
  nodeUrl: 'http://127.0.0.1:9090',
  baseToken: 'TRX',
  exchange: { ROUTER_ADDRESS: TRON_ROUTER, LIQUIDITY_ROUTER: TRON_LIQ_ROUTER },
  tokens: {
    TRX: { symbol: 'TRX', address: WTRX, decimals: 6, isBase: true, tax: 0 },
    USDT: { symbol: 'USDT', address: TRON_USDT, decimals: 6, tax: 0 },
    JM: { symbol: 'JM', address: TRON_JM, decimals: 8, tax: 3 },
  },
  pools: [
    { symbolA: 'TRX', symbolB: 'USDT', address: TRON_PAIR_TRX_USDT },
    { symbolA: 'TRX', symbolB: 'JM', address: '' },
  ],
};

export const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');

/** bytes32 tax words, as the router takes them (0x + 64 hex digits). */
export const taxes = (...percents: number[]) => percents.map((p) => `0x${word(p.toString(16))}`);

/** Canonical calldata of a router function, from its arguments in ABI order. */
export function calldata(name: keyof typeof ROUTER_METHODS, values: AbiValue[]): string {
  const m = ROUTER_METHODS[name];
  return (
    m.selector +
    encodeAbi(
      m.abi.inputs.map((i) => i.type as AbiType),
      values,
    )
  );
}

export const DEADLINE = 9_999_999_999n;
