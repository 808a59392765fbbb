/** The swap box's services, on shared-chain. */
import {
  addTokenToWallet,
  ChainError,
  getBalances,
  getNetworkConfig,
  getReader,
  getTronResources,
  onReadersReset,
  readersResetAt,
  type NetworkId,
} from '@jmswap/shared-chain';
import {
  executeSwap,
  findPaths,
  getAmountNeeded,
  getSwapPools,
  getSwapEstimate,
  NETWORK_UNREACHABLE,
  pairPrices,
  swapGasReserve,
  type ChainSwapEstimate,
} from '@jmswap/shared-chain/swap';
import { launchPadBuy, quoteFromEstimate } from './form/quote';
import { provideSwapApi, type SwapApi } from './swapApi';

export const chainSwapApi: SwapApi = {
  async quote({ network, from, to, kind, amount, slippageBps, fresh }) {
    const request = { from, to, slippageBps, networkId: network, fresh };
    if (kind === 'exactIn') {
      const estimate = await getSwapEstimate({ ...request, amountIn: amount });
      return estimate && quoteFromEstimate(estimate);
    }
    const needed = await getAmountNeeded({ ...request, amountOut: amount });
    if (!needed) return null;
    return quoteFromEstimate(kind === 'launchPadBuy' ? launchPadBuy(needed) : needed);
  },
  async prices(network: NetworkId, from, to, fresh) {
    const pools = await getSwapPools(from, to, network, fresh);
    if (!pools) throw new ChainError('TRANSACTION_FAILED', NETWORK_UNREACHABLE);
    const config = getNetworkConfig(network);
    if (!config) return undefined;
    const p = pairPrices({
      tokens: config.tokens,
      pools,
      from,
      to,
      maxHopLength: config.exchange.MAX_HOP_LENGTH,
    });
    return p ? { fromInTo: p.priceFromInTo, toInFrom: p.priceToInFrom } : undefined;
  },
  async routeExists(network, from, to) {
    const [pools, config] = [await getSwapPools(from, to, network), getNetworkConfig(network)];
    if (!pools || !config) return undefined;
    return findPaths(from, to, pools, config.exchange.MAX_HOP_LENGTH).length > 0;
  },
  balances: (network, owner, symbols) => getBalances(symbols, owner, network),
  async energy(network, owner) {
    return (await getTronResources(owner, network))?.energy;
  },
  async swap(_network, quote, approval, onSubmitted) {
    return executeSwap({
      estimate: quote.source as ChainSwapEstimate,
      approvalMode: approval,
      onSubmitted,
    });
  },
  gasReserve: (network, owner, path, amountIn) =>
    swapGasReserve({ networkId: network, owner, path, amountIn }),
  watchAsset: (network, token) => addTokenToWallet(token, network.id),
  // The reader's status$ is its network's node pool: every node failing, or one answering.
  chainMoved: (onMoved) => onReadersReset(onMoved),
  chainMovedAt: () => readersResetAt(),
  nodeStatus(network, onChange) {
    let stop: (() => void) | undefined;
    let stopped = false;
    getReader(network).then(
      (reader) => {
        if (stopped) return;
        const sub = reader.status$.subscribe(onChange);
        stop = () => sub.unsubscribe();
      },
      () => undefined, // no reader: the quotes say so
    );
    return () => {
      stopped = true;
      stop?.();
    };
  },
};

provideSwapApi(chainSwapApi);
