// The picker itself (its dialog, search, virtualised list and import by address) is a chunk of
// its own that TokenChooser loads when it opens: pages that never open it never load it.
export { TokenChooser, type TokenChooserProps } from './TokenChooser';
export type { BalanceLoader } from './hooks';
