// Generated from shared-chain's router ABIs (the router functions a widget may ask the host
// to send): selector, position of the recipient argument, contracts that have it, ABI entry.
// Regenerate when the router ABI changes; policy.test.ts checks the recipient positions.
export const ROUTER_METHODS = {
  addLiquidity: {
    selector: '0xe8e33700',
    toIndex: 6,
    swap: false,
    contracts: ['ROUTER', 'LIQUIDITY_ROUTER'],
    abi: {
      type: 'function',
      name: 'addLiquidity',
      inputs: [
        {
          internalType: 'address',
          name: 'tokenA',
          type: 'address',
        },
        {
          internalType: 'address',
          name: 'tokenB',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'amountADesired',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountBDesired',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountAMin',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountBMin',
          type: 'uint256',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256',
          name: 'amountA',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountB',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'liquidity',
          type: 'uint256',
        },
      ],
      stateMutability: 'nonpayable',
    },
  },
  addLiquidityBase: {
    selector: '0x6634f401',
    toIndex: 4,
    swap: false,
    contracts: ['ROUTER', 'LIQUIDITY_ROUTER'],
    abi: {
      type: 'function',
      name: 'addLiquidityBase',
      inputs: [
        {
          internalType: 'address',
          name: 'token',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'amountTokenDesired',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountTokenMin',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountBaseMin',
          type: 'uint256',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256',
          name: 'amountToken',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountBase',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'liquidity',
          type: 'uint256',
        },
      ],
      stateMutability: 'payable',
    },
  },
  removeLiquidity: {
    selector: '0xbaa2abde',
    toIndex: 5,
    swap: false,
    contracts: ['ROUTER', 'LIQUIDITY_ROUTER'],
    abi: {
      type: 'function',
      name: 'removeLiquidity',
      inputs: [
        {
          internalType: 'address',
          name: 'tokenA',
          type: 'address',
        },
        {
          internalType: 'address',
          name: 'tokenB',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'liquidity',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountAMin',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountBMin',
          type: 'uint256',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256',
          name: 'amountA',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountB',
          type: 'uint256',
        },
      ],
      stateMutability: 'nonpayable',
    },
  },
  removeLiquidityBase: {
    selector: '0xd8e0a6b6',
    toIndex: 4,
    swap: false,
    contracts: ['ROUTER', 'LIQUIDITY_ROUTER'],
    abi: {
      type: 'function',
      name: 'removeLiquidityBase',
      inputs: [
        {
          internalType: 'address',
          name: 'token',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'liquidity',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountTokenMin',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountBaseMin',
          type: 'uint256',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256',
          name: 'amountToken',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountBase',
          type: 'uint256',
        },
      ],
      stateMutability: 'nonpayable',
    },
  },
  removeLiquidityBaseSupportingFeeOnTransferTokens: {
    selector: '0xff1efa89',
    toIndex: 4,
    swap: false,
    contracts: ['ROUTER', 'LIQUIDITY_ROUTER'],
    abi: {
      type: 'function',
      name: 'removeLiquidityBaseSupportingFeeOnTransferTokens',
      inputs: [
        {
          internalType: 'address',
          name: 'token',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'liquidity',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountTokenMin',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountBaseMin',
          type: 'uint256',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256',
          name: 'amountBase',
          type: 'uint256',
        },
      ],
      stateMutability: 'nonpayable',
    },
  },
  removeLiquiditySupportingFeeOnTransferTokens: {
    selector: '0xe53e6cc5',
    toIndex: 5,
    swap: false,
    contracts: ['ROUTER', 'LIQUIDITY_ROUTER'],
    abi: {
      type: 'function',
      name: 'removeLiquiditySupportingFeeOnTransferTokens',
      inputs: [
        {
          internalType: 'address',
          name: 'tokenA',
          type: 'address',
        },
        {
          internalType: 'address',
          name: 'tokenB',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'liquidity',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountAMin',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountBMin',
          type: 'uint256',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256',
          name: 'amountA',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountB',
          type: 'uint256',
        },
      ],
      stateMutability: 'nonpayable',
    },
  },
  swapBaseForExactTokens: {
    selector: '0x3e682567',
    toIndex: 3,
    swap: true,
    contracts: ['ROUTER'],
    abi: {
      type: 'function',
      name: 'swapBaseForExactTokens',
      inputs: [
        {
          internalType: 'uint256',
          name: 'amountOut',
          type: 'uint256',
        },
        {
          internalType: 'address[]',
          name: 'path',
          type: 'address[]',
        },
        {
          internalType: 'bytes32[]',
          name: 'taxes',
          type: 'bytes32[]',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256[]',
          name: 'amounts',
          type: 'uint256[]',
        },
      ],
      stateMutability: 'payable',
    },
  },
  swapExactBaseForTokens: {
    selector: '0x055e09a3',
    toIndex: 3,
    swap: true,
    contracts: ['ROUTER'],
    abi: {
      type: 'function',
      name: 'swapExactBaseForTokens',
      inputs: [
        {
          internalType: 'uint256',
          name: 'amountOutMin',
          type: 'uint256',
        },
        {
          internalType: 'address[]',
          name: 'path',
          type: 'address[]',
        },
        {
          internalType: 'bytes32[]',
          name: 'taxes',
          type: 'bytes32[]',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256[]',
          name: 'amounts',
          type: 'uint256[]',
        },
      ],
      stateMutability: 'payable',
    },
  },
  swapExactTokensForBase: {
    selector: '0xabaf314f',
    toIndex: 4,
    swap: true,
    contracts: ['ROUTER'],
    abi: {
      type: 'function',
      name: 'swapExactTokensForBase',
      inputs: [
        {
          internalType: 'uint256',
          name: 'amountIn',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountOutMin',
          type: 'uint256',
        },
        {
          internalType: 'address[]',
          name: 'path',
          type: 'address[]',
        },
        {
          internalType: 'bytes32[]',
          name: 'taxes',
          type: 'bytes32[]',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256[]',
          name: 'amounts',
          type: 'uint256[]',
        },
      ],
      stateMutability: 'nonpayable',
    },
  },
  swapExactTokensForTokens: {
    selector: '0xa312876d',
    toIndex: 4,
    swap: true,
    contracts: ['ROUTER'],
    abi: {
      type: 'function',
      name: 'swapExactTokensForTokens',
      inputs: [
        {
          internalType: 'uint256',
          name: 'amountIn',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountOutMin',
          type: 'uint256',
        },
        {
          internalType: 'address[]',
          name: 'path',
          type: 'address[]',
        },
        {
          internalType: 'bytes32[]',
          name: 'taxes',
          type: 'bytes32[]',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256[]',
          name: 'amounts',
          type: 'uint256[]',
        },
      ],
      stateMutability: 'nonpayable',
    },
  },
  swapTokensForExactBase: {
    selector: '0x40b8f9f4',
    toIndex: 4,
    swap: true,
    contracts: ['ROUTER'],
    abi: {
      type: 'function',
      name: 'swapTokensForExactBase',
      inputs: [
        {
          internalType: 'uint256',
          name: 'amountOut',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountInMax',
          type: 'uint256',
        },
        {
          internalType: 'address[]',
          name: 'path',
          type: 'address[]',
        },
        {
          internalType: 'bytes32[]',
          name: 'taxes',
          type: 'bytes32[]',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256[]',
          name: 'amounts',
          type: 'uint256[]',
        },
      ],
      stateMutability: 'nonpayable',
    },
  },
  swapTokensForExactTokens: {
    selector: '0x67a558ec',
    toIndex: 4,
    swap: true,
    contracts: ['ROUTER'],
    abi: {
      type: 'function',
      name: 'swapTokensForExactTokens',
      inputs: [
        {
          internalType: 'uint256',
          name: 'amountOut',
          type: 'uint256',
        },
        {
          internalType: 'uint256',
          name: 'amountInMax',
          type: 'uint256',
        },
        {
          internalType: 'address[]',
          name: 'path',
          type: 'address[]',
        },
        {
          internalType: 'bytes32[]',
          name: 'taxes',
          type: 'bytes32[]',
        },
        {
          internalType: 'address',
          name: 'to',
          type: 'address',
        },
        {
          internalType: 'uint256',
          name: 'deadline',
          type: 'uint256',
        },
      ],
      outputs: [
        {
          internalType: 'uint256[]',
          name: 'amounts',
          type: 'uint256[]',
        },
      ],
      stateMutability: 'nonpayable',
    },
  },
} as const;
