import { startTestRunCache } from '@jmswap/devnet';

/** This run's folder of saved chains (test/chains.ts). */
export default async function globalSetup(): Promise<void> {
  startTestRunCache('shared-chain');
}
