import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packagesNeedingNewerNode } from './check-engines.mjs';

const lock = (packages) => ({ packages: { '': { name: 'jmswap' }, ...packages } });

test('a dependency that asks for Node 22 is named, with its version and range', () => {
  const found = packagesNeedingNewerNode(
    lock({
      'node_modules/light-my-request/node_modules/cookie': {
        version: '2.0.2',
        engines: { node: '>=22' },
      },
      'node_modules/cookie-es': { version: '1.2.3' },
      'node_modules/semver': { version: '7.7.3', engines: { node: '>=10' } },
    }),
    '20.19.0',
  );
  assert.deepEqual(found, [
    'node_modules/light-my-request/node_modules/cookie 2.0.2 (needs Node >=22)',
  ]);
});

test('ranges the oldest Node satisfies pass, "||" ranges included', () => {
  const found = packagesNeedingNewerNode(
    lock({
      'node_modules/a': { version: '1.0.0', engines: { node: '^20.19.0 || >=22.12.0' } },
      'node_modules/b': { version: '1.0.0', engines: { node: '>=18' } },
      'node_modules/c': { version: '1.0.0', engines: { npm: '>=11' } },
    }),
    '20.19.0',
  );
  assert.deepEqual(found, []);
});
