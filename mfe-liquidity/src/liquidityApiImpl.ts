/** The panel's services, on shared-chain. */
import { getBalances, getTronResources } from '@jmswap/shared-chain';
import {
  addLiquidity,
  getLiquidityPair,
  liquidityGasReserve,
  liquidityPositions,
  removeLiquidity,
} from '@jmswap/shared-chain/liquidity';
import { provideLiquidityApi } from './liquidityApi';

provideLiquidityApi({
  positions: (_network, onPositions) => liquidityPositions(onPositions),
  pair: (network, a, b) => getLiquidityPair(a, b, network),
  balances: (network, owner, symbols) => getBalances(symbols, owner, network),
  energy: async (network, owner) => (await getTronResources(owner, network))?.energy,
  gasReserve: (networkId, owner, symbolA, symbolB) =>
    liquidityGasReserve({ networkId, owner, symbolA, symbolB }),
  add: addLiquidity,
  remove: removeLiquidity,
});
