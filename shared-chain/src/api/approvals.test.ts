import { fetchApprovalHints, parseApprovalHints } from './approvals';

const row = { token: '0x' + '1'.repeat(40), spender: '0x' + '2'.repeat(40), blockNumber: 12 };
const answer = (status: number, body: unknown) =>
  (async () => ({ ok: status < 400, status, json: async () => body })) as unknown as typeof fetch;

it('accepts the contract, EVM and TRON addresses', () => {
  const tron = { ...row, token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
  expect(parseApprovalHints({ approvals: [row, tron] })).toEqual([row, tron]);
});

it('refuses an answer off the contract as a whole', () => {
  expect(parseApprovalHints({ approvals: [{ ...row, token: 'nope' }] })).toBeUndefined();
  expect(parseApprovalHints({ approvals: [{ ...row, blockNumber: -1 }] })).toBeUndefined();
  expect(parseApprovalHints([row])).toBeUndefined();
});

it('asks the API with the network and owner, and gives [] when it is missing or broken', async () => {
  let asked = '';
  const fetchImpl = (async (url: string) => {
    asked = url;
    return { ok: true, status: 200, json: async () => ({ approvals: [row] }) };
  }) as unknown as typeof fetch;
  expect(await fetchApprovalHints('http://api/', 'BSC', '0xabc', { fetchImpl })).toEqual([row]);
  expect(asked).toBe('http://api/v1/approvals?network=BSC&owner=0xabc');
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(
    await fetchApprovalHints('http://api', 'BSC', '0xabc', { fetchImpl: answer(404, {}) }),
  ).toEqual([]);
  expect(
    await fetchApprovalHints('http://api', 'BSC', '0xabc', {
      fetchImpl: answer(200, { approvals: 3 }),
    }),
  ).toEqual([]);
  expect(await fetchApprovalHints('', 'BSC', '0xabc')).toEqual([]);
});
