import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { createAccountingConnections } from '../integrations/accounting/connections';
import { type Clock, systemClock } from './clock';
import type { AppContext } from './context';
import { type DatabaseHandle, openDatabase } from './db/client';
import { applyMigrations } from './db/migrate';
import { createFileStorage } from './files/storage';
import { createJobQueue, type JobQueueSettings } from './jobs/queue';
import { createLogger, type Logger } from './logging';
import { createMailer } from './mail/mailer';
import { createRealtime } from './realtime/realtime';
import { createSecretBox, loadSecretsKey } from './secrets';

const readVersion = () => {
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'));
  return String(manifest.version);
};

/** The web build writes build.json beside index.html; without a build, the id is "dev". */
const readBuildId = (webDistDir: string) => {
  try {
    return String(JSON.parse(readFileSync(path.join(webDistDir, 'build.json'), 'utf8')).buildId);
  } catch {
    return 'dev';
  }
};

export type ContextOptions = {
  logger?: Logger;
  clock?: Clock;
  /** An already open database (tests share one per file). */
  database?: DatabaseHandle;
  /** Faster polling and maintenance for tests that wait on the queue. */
  jobs?: Partial<JobQueueSettings>;
};

/** Opens the database, applies migrations and wires every platform service. */
export const createContext = async (config: Config, options: ContextOptions = {}): Promise<AppContext> => {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
    ));
  await applyMigrations(database);
  const clock = options.clock ?? systemClock;
  const secrets = createSecretBox(await loadSecretsKey(config.secretsKey, config.dataDir));
  const realtime = createRealtime();
  const jobs = createJobQueue({ database, logger, realtime, settings: options.jobs });
  return {
    config,
    database,
    db: database.db,
    logger,
    clock,
    secrets,
    accounting: createAccountingConnections({
      db: database.db,
      secrets,
      logger,
      clock,
      tripletexBaseUrl: config.tripletexBaseUrl,
    }),
    mailer: createMailer({ db: database.db, jobs, isRelayConfigured: Boolean(config.smtpUrl) }),
    jobs,
    files: createFileStorage(config.dataDir),
    realtime,
    buildId: readBuildId(config.webDistDir),
    version: readVersion(),
  };
};
