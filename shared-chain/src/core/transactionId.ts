/**
 * Whether a wallet's answer reads as a transaction id (64 hex digits, EVM's with 0x): anything
 * else is no id an explorer knows, so it is not linked (the writer finds the send by its nonce,
 * and its real id then takes its place).
 */
export const isTransactionId = (id: string): boolean => /^(0x)?[0-9a-fA-F]{64}$/.test(id);
