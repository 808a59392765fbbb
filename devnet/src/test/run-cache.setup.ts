import { startTestRunCache } from '../test-run-cache';

/** This run's folder of saved chains (the test harness's fixtures). */
export default async function globalSetup(): Promise<void> {
  startTestRunCache('devnet');
}
