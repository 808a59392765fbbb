const { readRange } = require('./range');

it('reads one range of a 20-byte file as RFC 9110 says', () => {
  expect(readRange('bytes=0-0', 20)).toEqual({ start: 0, end: 0 });
  expect(readRange('bytes=-3', 20)).toEqual({ start: 17, end: 19 });
  expect(readRange('bytes=-30', 20)).toEqual({ start: 0, end: 19 });
  expect(readRange('bytes=5-', 20)).toEqual({ start: 5, end: 19 });
  expect(readRange('bytes=5-500', 20)).toEqual({ start: 5, end: 19 });
  expect(readRange('Bytes = 19-19', 20)).toEqual({ start: 19, end: 19 });
});

it('tells malformed, unsatisfiable and several ranges apart', () => {
  for (const bad of [
    'abc',
    'bytes=10-2',
    'bytes=',
    'bytes=1-2-3',
    'items=0-1',
    'bytes=a-b',
    'bytes=-',
  ])
    expect([bad, readRange(bad, 20)]).toEqual([bad, 'malformed']);
  for (const none of ['bytes=20-', 'bytes=999999-', 'bytes=-0', 'bytes=99999999999999999999-'])
    expect([none, readRange(none, 20)]).toEqual([none, 'unsatisfiable']);
  expect(readRange('bytes=0-0', 0)).toBe('unsatisfiable');
  expect(readRange('bytes=-5', 0)).toBe('unsatisfiable');
  expect(readRange('bytes=0-1,5-6', 20)).toBe('whole');
  expect(readRange('bytes=0-1,50-60', 20)).toBe('whole');
  expect(readRange('bytes=0-1,6-5', 20)).toBe('malformed');
});
