import { readVersionSkew, skewReport } from './skew';

// The runtime's own words, as @module-federation/runtime-core 2.9 throws them.
const mismatch = (provided: string, required: string, module = '@jmswap/shared-chain') =>
  `[ Federation Runtime ]: Version ${provided} from ${provided} of shared singleton module ${module} does not satisfy the requirement of mfe_pools which needs ${required})`;

it('reads which module, what is provided and what is required', () => {
  expect(readVersionSkew(mismatch('3.1.0', '^3.2.0'))).toEqual({
    module: '@jmswap/shared-chain',
    provided: '3.1.0',
    required: '^3.2.0',
    needsNewerSite: true,
  });
  expect(readVersionSkew(mismatch('3.1.0', '^4.0.0'))?.needsNewerSite).toBe(true);
  expect(readVersionSkew(mismatch('19.2.0', '^18.3.1', 'react'))).toMatchObject({
    module: 'react',
    needsNewerSite: false,
  });
  expect(readVersionSkew(mismatch('3.1.0', '^2.4.0'))?.needsNewerSite).toBe(false);
  expect(readVersionSkew('Failed to fetch mf-manifest.json')).toBeUndefined();
});

it('tells operators the remote, its version, the module and both versions', () => {
  const skew = readVersionSkew(mismatch('3.1.0', '^3.2.0'))!;
  expect(skewReport('pools', '1.0.1', skew)).toBe(
    '[jmswap] pools 1.0.1 needs @jmswap/shared-chain ^3.2.0; this site provides 3.1.0',
  );
});
