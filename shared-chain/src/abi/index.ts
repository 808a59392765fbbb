/**
 * A small Solidity ABI codec for the chain readers (EVM and TRON): selectors, call data, result
 * decoding and checksummed addresses, with no chain library, so the first load needs neither
 * ethers nor tronweb. See codec.ts for the value shapes.
 */
export { decodeResult, encodeArgs, encodeCall, selector, type AbiValue } from './codec';
export { getAddress } from './address';
