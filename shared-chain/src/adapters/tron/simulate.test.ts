import { bandwidthOf, encodeTronCall, revertOf } from './simulate';

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
/** Error(string) revert data, no 0x (as java-tron's constant_result). */
function errorData(text: string): string {
  const body = hex(text);
  return (
    '08c379a0' +
    (32).toString(16).padStart(64, '0') +
    (body.length / 2).toString(16).padStart(64, '0') +
    body.padEnd(64, '0')
  );
}

describe('revertOf (a triggerconstantcontract answer)', () => {
  it('a call that went through: null', () => {
    expect(revertOf({ result: { result: true }, constant_result: ['0'.repeat(64)] })).toBeNull();
  });
  it('java-tron revert: generic hex message, the reason in constant_result, ret FAILED', () => {
    expect(
      revertOf({
        result: { result: true, message: hex('REVERT opcode executed') },
        constant_result: [errorData('JMSwap: EXPIRED')],
        transaction: { ret: [{ ret: 'FAILED' }] },
      }),
    ).toEqual({ reason: 'JMSwap: EXPIRED' });
  });
  it('a node that puts the reason in result.message (hex)', () => {
    expect(revertOf({ result: { code: 'CONTRACT_EXE_ERROR', message: hex('JMSwap: K') } })).toEqual(
      { reason: 'JMSwap: K' },
    );
  });
  it('an empty output, or a panic: the raw data as the reason', () => {
    expect(revertOf({ result: { result: true }, constant_result: [''] })).toEqual({
      reason: undefined,
    });
    expect(
      revertOf({
        constant_result: ['4e487b71' + '0'.repeat(62) + '11'],
        transaction: { ret: [{ ret: 'FAILED' }] },
      }),
    ).toEqual({ reason: '0x4e487b71' + '0'.repeat(62) + '11' });
  });
});

describe('encodeTronCall', () => {
  it('selector from the ABI entry; base58/41-hex addresses and decimal strings encoded', () => {
    const abi = [
      {
        type: 'function',
        name: 'approve',
        inputs: [
          { name: 's', type: 'address' },
          { name: 'v', type: 'uint256' },
        ],
      },
    ];
    const call = encodeTronCall({
      abi,
      address: 'x',
      name: 'approve',
      args: ['41' + '11'.repeat(20), '12345'],
    });
    expect(call.selector).toBe('approve(address,uint256)');
    expect(call.parameter).toBe(
      '0'.repeat(24) + '11'.repeat(20) + (12345).toString(16).padStart(64, '0'),
    );
    expect(() => encodeTronCall({ abi, address: 'x', name: 'transfer', args: [] })).toThrow(
      'No ABI entry for transfer',
    );
  });
});

describe('bandwidthOf', () => {
  it('raw data + fee_limit + signature + framing + 64', () => {
    expect(bandwidthOf(0n)).toBe(0n);
    expect(bandwidthOf(300n)).toBe(3n + 306n + 67n + 64n);
  });
});
