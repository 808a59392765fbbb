import { Wallet } from 'ethers';
import { ANVIL_ACCOUNTS, ANVIL_KEYS } from './deployNetwork';

// Tests sign as "account i" with ANVIL_KEYS[i] and fund, read or expect ANVIL_ACCOUNTS[i]: a key
// that derives another address signs from an account the devnet never funded.
test('each dev key signs for the dev account of the same index', () => {
  expect(ANVIL_KEYS).toHaveLength(ANVIL_ACCOUNTS.length);
  expect(ANVIL_KEYS.map((key) => new Wallet(key).address)).toEqual(ANVIL_ACCOUNTS);
});
