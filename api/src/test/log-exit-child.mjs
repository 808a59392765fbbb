// A process that logs through the api's logger and ends with exitWhenLogged while its one
// thread-pool thread is busy (UV_THREADPOOL_SIZE=1 from the test): the write of an earlier chunk
// waits behind it. Used by log.test.ts.
import { createRequire } from 'node:module';
import { pbkdf2 } from 'node:crypto';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { createLogger, exitWhenLogged } = require('../log.ts');
const logger = createLogger({});
logger.info('first');
setTimeout(() => {
  pbkdf2('busy', 'pool', 300_000, 32, 'sha256', () => undefined);
  logger.info('indexer stopped');
  logger.flush();
  logger.info('api stopped');
  exitWhenLogged(logger, 3);
}, 300);
