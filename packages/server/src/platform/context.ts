import { PERMISSION_NAMES, type Permission, type Role } from '@karm/domain/contract';
import type { Config } from '../config';
import type { AccountingConnections } from '../integrations/accounting/connections';
import type { Clock } from './clock';
import type { Database, DatabaseHandle } from './db/client';
import type { FileStorage } from './files/storage';
import type { JobQueue } from './jobs/queue';
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
  /** The background job queue (pg-boss over this database); modules declare jobs in their job tables. */
  jobs: JobQueue;
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
  role: Role;
  /** What the role may do in this company now (read with the session on every request). */
  permissions: ReadonlySet<Permission>;
};

/** Whether the actor holds a permission (or any of several): for use cases whose answer depends on it. */
export const can = (actor: Actor, ...permissions: Permission[]) =>
  permissions.some((permission) => actor.permissions.has(permission));

/**
 * An actor with every permission, for work no person asked for over the API: the demo seed and the
 * command-line import, which scope by company like any use case and name `userId` in history.
 */
export const administrativeActor = (companyId: string, userId: string, sessionId = ''): Actor => ({
  sessionId,
  userId,
  companyId,
  role: 'admin',
  permissions: new Set(PERMISSION_NAMES),
});
