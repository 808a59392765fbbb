import { stopTestRunCache } from '../test-run-cache';

export default async function globalTeardown(): Promise<void> {
  stopTestRunCache();
}
