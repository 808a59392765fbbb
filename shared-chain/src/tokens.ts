/**
 * `@jmswap/shared-chain/tokens`: token keys in URLs and labels, and addresses read and checked
 * (EIP-55 checksums, TRON's base58check) as the token picker does, for a remote's own search or
 * input. Pure and stateless, so a copy per remote is safe (a remote bundles only what it uses);
 * not in the singleton, whose first load every page pays.
 */
export {
  tokenKeyOfParam,
  tokenParam,
  isListedToken,
  linkedImport,
  pairOfKnownTokens,
  unknownLinkSymbols,
} from './config/tokenKeys';
export { useUnknownSymbolsCleared } from './react/linkSymbols';
export {
  isAddressKey,
  shortAddress,
  escapeUnsafeText,
  searchText,
  tokenText,
} from './core/tokenText';
export {
  readSearchInput,
  canonicalAddress,
  keyOfAddress,
  EVM_ADDRESS_ON_TRON,
  TRON_ADDRESS_ON_EVM,
  BAD_ADDRESS_CHECKSUM,
  type SearchInput,
} from './config/tokenIdentity';
