const { balancedShard } = require('./sequencer.cjs') as {
  balancedShard: (files: [string, number][], index: number, count: number) => string[];
};
const durations = require('./durations.json') as Record<string, number>;

it('every test file runs in exactly one shard, and the shards take about as long', () => {
  const files: [string, number][] = Object.entries(durations);
  for (const count of [2, 3]) {
    const shards = Array.from({ length: count }, (_, i) => balancedShard(files, i + 1, count));
    expect(shards.flat().sort()).toEqual(files.map(([f]) => f).sort());
    const loads = shards.map((s) => s.reduce((sum, f) => sum + durations[f]!, 0));
    const longest = Math.max(...Object.values(durations));
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(longest);
  }
});
