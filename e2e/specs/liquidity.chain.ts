/** Chain reads for the liquidity specs, straight from the nodes (never through the app). */
import { Contract, JsonRpcProvider } from 'ethers';
import { TronWeb } from 'tronweb';
import { localNetworks } from '../fixtures/chain';
import { TRON_NODE } from '../fixtures/tron';

type Exchange = { FACTORY_ADDRESS: string; ROUTER_ADDRESS: string; LIQUIDITY_ROUTER: string };
const exchangeOf = (id: string) =>
  (localNetworks()[id] as unknown as { exchange: Exchange }).exchange;
export const tokenAddress = (id: string, symbol: string): string => {
  const token = localNetworks()[id]?.tokens[symbol];
  if (!token) throw new Error(`${symbol} is not on ${id}`);
  return token.address;
};

const ERC20 = ['function balanceOf(address) view returns (uint256)'];
const FACTORY = ['function getPair(address,address) view returns (address)'];

const evmProvider = (id: string) =>
  new JsonRpcProvider(localNetworks()[id]!.nodeUrl, undefined, { staticNetwork: true });

/** The factory's pair of two tokens (symbols of the network, or addresses). */
export async function evmPair(id: string, a: string, b: string): Promise<string> {
  const factory = new Contract(exchangeOf(id).FACTORY_ADDRESS, FACTORY, evmProvider(id));
  const address = (t: string) => (t.startsWith('0x') ? t : tokenAddress(id, t));
  return (await factory.getFunction('getPair')(address(a), address(b))) as string;
}

/** ERC-20 balance of any token (a pair's LP token too) by address. */
export async function evmTokenBalance(id: string, token: string, owner: string): Promise<bigint> {
  return (await new Contract(token, ERC20, evmProvider(id)).getFunction('balanceOf')(
    owner,
  )) as bigint;
}

const tronWeb = new TronWeb({ fullHost: TRON_NODE });
tronWeb.setAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
const tronAbi = (sig: 'balanceOf' | 'getPair') =>
  sig === 'balanceOf'
    ? [
        {
          type: 'function',
          name: 'balanceOf',
          stateMutability: 'view',
          inputs: [{ name: 'a', type: 'address' }],
          outputs: [{ name: '', type: 'uint256' }],
        },
      ]
    : [
        {
          type: 'function',
          name: 'getPair',
          stateMutability: 'view',
          inputs: [
            { name: 'a', type: 'address' },
            { name: 'b', type: 'address' },
          ],
          outputs: [{ name: '', type: 'address' }],
        },
      ];

export async function tronPair(a: string, b: string): Promise<string> {
  const factory = tronWeb.contract(tronAbi('getPair'), exchangeOf('TRON').FACTORY_ADDRESS);
  const hex = String(
    await factory.getPair(tokenAddress('TRON', a), tokenAddress('TRON', b)).call(),
  );
  return TronWeb.address.fromHex(hex.startsWith('0x') ? '41' + hex.slice(2) : hex) as string;
}

export async function tronTokenBalance(token: string, owner: string): Promise<bigint> {
  const contract = tronWeb.contract(tronAbi('balanceOf'), token);
  return BigInt(String(await contract.balanceOf(owner).call()));
}

export { evmProvider, exchangeOf };
