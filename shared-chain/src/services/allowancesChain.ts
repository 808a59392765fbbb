/**
 * The chain side of allowances (loaded on demand with services/allowances.ts): allowance and
 * token reads, and approvals simulated from the owner's address, over the light clients (EVM
 * JSON-RPC, whose calls of one moment share one HTTP request; the TRON node's HTTP API). No
 * ethers, no tronweb.
 */
import { decodeResult, encodeArgs, encodeCall, type AbiValue } from '../abi';
import type { NetworkConfig } from '../config/types';
import { rpcFor, RpcError, toQuantity } from '../adapters/evm/rpc';
import { nodesFor } from '../adapters/nodes';
import { toEvmHex, toTronHex } from '../adapters/tron/address';
import { TronNode, view } from '../adapters/tron/node';
import { previewTronFee, revertOf } from '../adapters/tron/simulate';

/** The parts of a chain this module needs; tests pass their own. */
export interface AllowanceChain {
  /** Throws when no node answers (or the token is not a token). */
  allowance(token: string, owner: string, spender: string): Promise<bigint>;
  tokenInfo(token: string): Promise<{ symbol: string; decimals: number }>;
  /** Throws when no node answers. */
  totalSupply(token: string): Promise<bigint>;
  /** Whether approve(spender, amount) from `owner` would go through; undefined: no node answered. */
  approveAccepted(
    token: string,
    owner: string,
    spender: string,
    amount: bigint,
  ): Promise<boolean | undefined>;
  /** The base-coin units approve(spender, 0) would cost now; undefined when it cannot tell. */
  revokeFee(token: string, owner: string, spender: string): Promise<bigint | undefined>;
}

const ALLOWANCE = 'allowance(address,address)';
const APPROVE = 'approve(address,uint256)';
/** approve's ABI entry, as the TRON simulation takes it. */
const APPROVE_ABI = [
  {
    type: 'function',
    name: 'approve',
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    outputs: [{ type: 'bool' }],
  },
];

/** An approve that returned false (some tokens do instead of reverting) did not go through. */
const returnedTrue = (output: string | undefined): boolean =>
  output === undefined ||
  output === '' ||
  output === '0x' ||
  BigInt(`0x${output.replace(/^0x/, '') || '0'}`) !== 0n;

function evmChain(network: NetworkConfig): AllowanceChain {
  const rpc = rpcFor(network);
  const call = async (to: string, data: string, from?: string): Promise<string> =>
    rpc.send<string>('eth_call', [{ to, data, ...(from ? { from } : {}) }, 'latest']);
  const read = async (to: string, signature: string, args: AbiValue[], returns: string[]) =>
    decodeResult(returns, await call(to, encodeCall(signature, args)));
  return {
    async allowance(token, owner, spender) {
      const [value] = await read(token, ALLOWANCE, [owner, spender], ['uint256']);
      return value as bigint;
    },
    async tokenInfo(token) {
      const [[decimals], symbol] = await Promise.all([
        read(token, 'decimals()', [], ['uint8']),
        read(token, 'symbol()', [], ['string']).then(
          ([s]) => String(s),
          () => '', // a bytes32 symbol (old tokens): named by its address instead
        ),
      ]);
      return { symbol, decimals: Number(decimals) };
    },
    async totalSupply(token) {
      const [value] = await read(token, 'totalSupply()', [], ['uint256']);
      return value as bigint;
    },
    async approveAccepted(token, owner, spender, amount) {
      try {
        return returnedTrue(await call(token, encodeCall(APPROVE, [spender, amount]), owner));
      } catch (error) {
        return error instanceof RpcError ? false : undefined;
      }
    },
    async revokeFee(token, owner, spender) {
      try {
        const tx = { from: owner, to: token, data: encodeCall(APPROVE, [spender, 0n]) };
        const [gas, price] = await Promise.all([
          rpc.send<string>('eth_estimateGas', [tx]),
          network.gasPrice
            ? Promise.resolve(toQuantity(BigInt(network.gasPrice)))
            : rpc.send<string>('eth_gasPrice', []),
        ]);
        return BigInt(gas) * BigInt(price);
      } catch {
        return undefined;
      }
    },
  };
}

interface ConstantAnswer {
  result?: { result?: boolean; code?: string; message?: string };
  constant_result?: string[];
  transaction?: { ret?: { ret?: string }[] };
}

function tronChain(network: NetworkConfig): AllowanceChain {
  const node = new TronNode(nodesFor(network).pool);
  const read = (token: string, signature: string, outputs: string[], args: AbiValue[] = []) =>
    node.call(token, view(signature, outputs), args, undefined);
  return {
    async allowance(token, owner, spender) {
      const [value] = await read(
        token,
        ALLOWANCE,
        ['uint256'],
        [toEvmHex(owner), toEvmHex(spender)],
      );
      return BigInt(value as bigint);
    },
    async tokenInfo(token) {
      const [[decimals], symbol] = await Promise.all([
        read(token, 'decimals()', ['uint8']),
        read(token, 'symbol()', ['string']).then(
          ([s]) => String(s),
          () => '',
        ),
      ]);
      return { symbol, decimals: Number(decimals) };
    },
    async totalSupply(token) {
      const [value] = await read(token, 'totalSupply()', ['uint256']);
      return BigInt(value as bigint);
    },
    async approveAccepted(token, owner, spender, amount) {
      let answer: ConstantAnswer;
      try {
        answer = await node.post<ConstantAnswer>('triggerconstantcontract', {
          contract_address: toTronHex(token),
          owner_address: toTronHex(owner),
          function_selector: APPROVE,
          parameter: encodeArgs(['address', 'uint256'], [toEvmHex(spender), amount]).slice(2),
          call_value: 0,
        });
      } catch {
        return undefined;
      }
      return revertOf(answer) === null && returnedTrue(answer.constant_result?.[0]);
    },
    async revokeFee(token, owner, spender) {
      try {
        const call = { abi: APPROVE_ABI, address: token, name: 'approve', args: [spender, '0'] };
        return (await previewTronFee(network, owner, call, 'approve')).feeSun;
      } catch {
        return undefined;
      }
    },
  };
}

/** The chain calls of a network's platform. */
export function allowanceChain(network: NetworkConfig): AllowanceChain {
  return network.platform === 'evm' ? evmChain(network) : tronChain(network);
}
