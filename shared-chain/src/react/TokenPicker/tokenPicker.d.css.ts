// The picker's styles, imported for their side effect (webpack bundles them): this file tells
// TypeScript the import resolves, in every package whose program reaches the picker's source.
export {};
