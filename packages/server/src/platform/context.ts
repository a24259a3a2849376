import type { Config } from '../config';
import type { AccountingConnections } from '../integrations/accounting/connections';
import type { Clock } from './clock';
import type { Database, DatabaseHandle } from './db/client';
import type { FileStorage } from './files/storage';
import type { Logger } from './logging';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime/realtime';
import type { SecretBox } from './secrets';

/** Everything a use case may reach: passed in, never imported, so tests can swap any part. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  files: FileStorage;
  realtime: Realtime;
  secrets: SecretBox;
  /** Each company's accounting system (Tripletex or none). */
  accounting: AccountingConnections;
  /** Id of the web build being served; clients compare it to notice a new version. */
  buildId: string;
  version: string;
};

/** Who is asking: the signed-in session behind a socket event or REST call. */
export type Actor = {
  sessionId: string;
  userId: string;
  companyId: string;
  role: 'admin' | 'user';
};
