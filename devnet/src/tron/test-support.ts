/** Shared helpers for the devnode tests: a small ERC20 compiled with solc, deployed with ethers. */
import { ContractFactory, JsonRpcProvider, Wallet, type InterfaceAbi } from 'ethers';
import { deployed } from '../deploy/mined';

// solc ships no types
const solc = require('solc') as { compile(input: string): string };

export const TEST_TOKEN_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract TestToken {
  string public name = "Test Token";
  string public symbol = "TT";
  uint8 public decimals = 6;
  uint256 public totalSupply;
  uint256 public deposits;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  mapping(uint256 => uint256) private junk;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  event Deposit(address indexed from, uint256 value);
  constructor(uint256 supply) { totalSupply = supply; balanceOf[msg.sender] = supply; emit Transfer(address(0), msg.sender, supply); }
  function transfer(address to, uint256 value) external returns (bool) {
    require(balanceOf[msg.sender] >= value, "TT: balance too low");
    balanceOf[msg.sender] -= value; balanceOf[to] += value; emit Transfer(msg.sender, to, value); return true;
  }
  function approve(address spender, uint256 value) external returns (bool) {
    allowance[msg.sender][spender] = value; emit Approval(msg.sender, spender, value); return true;
  }
  function transferFrom(address from, address to, uint256 value) external returns (bool) {
    require(allowance[from][msg.sender] >= value, "TT: allowance too low");
    require(balanceOf[from] >= value, "TT: balance too low");
    allowance[from][msg.sender] -= value; balanceOf[from] -= value; balanceOf[to] += value; emit Transfer(from, to, value); return true;
  }
  function deposit() external payable returns (uint256) { deposits += msg.value; emit Deposit(msg.sender, msg.value); return msg.value; }
  function work(uint256 n) external returns (uint256) { for (uint256 i = 0; i < n; i++) { junk[i] = i + 1; } return n; }
  function chainId() external view returns (uint256) { return block.chainid; }
}
`;

export interface Compiled {
  abi: InterfaceAbi & unknown[];
  bytecode: string;
}

let compiled: Compiled | undefined;

export function compileTestToken(): Compiled {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: TEST_TOKEN_SOURCE } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<
      string,
      Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>
    >;
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts['TestToken.sol']!['TestToken']!;
  compiled = { abi: c.abi as InterfaceAbi & unknown[], bytecode: '0x' + c.evm.bytecode.object };
  return compiled;
}

export async function deployTestToken(
  rpcUrl: string,
  key: string,
  supply: bigint,
): Promise<{ address: string; abi: unknown[] }> {
  const { abi, bytecode } = compileTestToken();
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    pollingInterval: 20,
  });
  try {
    const wallet = new Wallet(key, provider);
    const factory = new ContractFactory(abi, bytecode, wallet);
    const c = await deployed(factory.deploy(supply, { gasPrice: 0n }));
    return { address: (await c.getAddress()).toLowerCase(), abi };
  } finally {
    provider.destroy();
  }
}

/** anvil's default keys #0..#4 (the TRON dev accounts use the same keys). */
export const KEYS = [
  'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
];

/** tronweb's Contract with loosely typed methods (its generated types mark every method optional). */
export interface LooseContract {
  address: string;
  methods: Record<
    string,
    (...args: unknown[]) => {
      call(opts?: object): Promise<unknown>;
      send(opts?: object): Promise<unknown>;
    }
  >;
  read: Record<string, (args?: unknown[], opts?: object) => Promise<unknown>>;
  write: Record<string, (args?: unknown[], opts?: object) => Promise<unknown>>;
}

export async function at(
  tronWeb: { contract(): { at(address: string): Promise<unknown> } },
  address: string,
): Promise<LooseContract> {
  return (await tronWeb.contract().at(address)) as LooseContract;
}
