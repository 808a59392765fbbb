import { stopTestRunCache } from '@jmswap/devnet';

export default async function globalTeardown(): Promise<void> {
  stopTestRunCache();
}
