// `--shard=i/n` by how long each file takes, not by the hash of its path (jest's own): npm test
// runs the api's suite as two shards beside each other, and by hash one got 490 s of files and
// the other 360. The files go longest first, each to the shard with least so far; the seconds come
// from durations.json (a fresh-clone run's jest times; a file not listed counts DEFAULT_SECONDS).
const { relative, sep } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const durations = require('./durations.json');

const DEFAULT_SECONDS = 15;

/** The paths in shard `index` (1-based) of `count`, given every file as a [path, seconds] pair. */
function balancedShard(files, index, count) {
  const load = Array.from({ length: count }, () => 0);
  const picked = [];
  const longestFirst = [...files].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [path, seconds] of longestFirst) {
    const least = load.indexOf(Math.min(...load));
    load[least] += seconds;
    if (least === index - 1) picked.push(path);
  }
  return picked;
}

class BalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const key = (test) => relative(test.context.config.rootDir, test.path).split(sep).join('/');
    const files = tests.map((t) => [key(t), durations[key(t)] ?? DEFAULT_SECONDS]);
    const mine = new Set(balancedShard(files, shardIndex, shardCount));
    return tests.filter((t) => mine.has(key(t)));
  }
}

module.exports = BalancedSequencer;
module.exports.balancedShard = balancedShard;
