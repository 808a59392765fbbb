import { decodeAbi, encodeAbi, MAX_UINT256, type AbiType } from './abi';
import { word } from './fixtures.test-util';

const A = 'cf7ed3acca5a467e9e704c703e8d87f634fb0fc9';
const B = '9fe46736679d2d9a65f0992f2272de9f3c7fa6e0';
const TYPES: AbiType[] = ['uint256', 'address[]', 'bytes32[]', 'address', 'bool'];
const VALUES = [5n, [A, B], [word('0'), word('3')], B, true];

describe('the strict ABI decoder', () => {
  it('decodes the canonical encoding and round-trips', () => {
    const hex = encodeAbi(TYPES, VALUES);
    expect(hex).toBe(
      [
        word('5'),
        word('a0'), // 5 head words
        word('100'), // after the 3 words of the path
        word(B),
        word('1'),
        word('2'),
        word(A),
        word(B),
        word('2'),
        word('0'),
        word('3'),
      ].join(''),
    );
    expect(decodeAbi(TYPES, hex)).toEqual(VALUES);
    expect(decodeAbi(['uint256'], 'f'.repeat(64))).toEqual([MAX_UINT256]);
    expect(decodeAbi(['address[]'], word('20') + word('0'))).toEqual([[]]);
  });

  it('refuses bytes after the arguments, missing bytes and partial words', () => {
    const hex = encodeAbi(TYPES, VALUES);
    expect(decodeAbi(TYPES, hex + word('0'))).toBeUndefined();
    expect(decodeAbi(TYPES, hex + '00')).toBeUndefined();
    expect(decodeAbi(TYPES, hex.slice(0, -64))).toBeUndefined();
    expect(decodeAbi(['uint256', 'uint256'], word('1'))).toBeUndefined();
    expect(decodeAbi(['uint256'], 'zz'.repeat(32))).toBeUndefined();
  });

  it('refuses offsets other than the canonical ones', () => {
    // The path pointing past a gap word, and both arrays sharing one tail.
    const gap = [word('1'), word('80'), word('0'), word('0'), word('1'), word(A)];
    expect(decodeAbi(['uint256', 'address[]', 'uint256'], gap.join(''))).toBeUndefined();
    const shared = [word('40'), word('40'), word('1'), word(A)].join('');
    expect(decodeAbi(['address[]', 'address[]'], shared)).toBeUndefined();
    const beyond = [word('40'), word('1')].join('');
    expect(decodeAbi(['address[]'], beyond)).toBeUndefined();
  });

  it('refuses an array longer than its data or than any router call needs', () => {
    expect(decodeAbi(['address[]'], word('20') + word('3') + word(A) + word(B))).toBeUndefined();
    const long = word('20') + word('11') + word(A).repeat(17);
    expect(decodeAbi(['address[]'], long)).toBeUndefined();
  });

  it('refuses dirty address words and bools other than 0 and 1', () => {
    expect(decodeAbi(['address'], `01${word(A).slice(2)}`)).toBeUndefined();
    expect(decodeAbi(['address[]'], word('20') + word('1') + `ff${word(A).slice(2)}`)).toBe(
      undefined,
    );
    expect(decodeAbi(['bool'], word('2'))).toBeUndefined();
    expect(decodeAbi(['bool'], word('0'))).toEqual([false]);
  });

  it('knows only the types of the router calls', () => {
    expect(decodeAbi(['bytes'], word('20') + word('0'))).toBeUndefined();
    expect(decodeAbi(['uint8'], word('1'))).toBeUndefined();
  });
});
