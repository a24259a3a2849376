import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logging';
import type { SecretBox } from '../../platform/secrets';
import { accountingSettings } from './accounting.tables';
import { createNoneAdapter } from './none-adapter';
import type { AccountingPort } from './port';
import { createTripletexAdapter, TRIPLETEX_BASE_URLS } from './tripletex/tripletex-adapter';

/**
 * Hands out each company's accounting adapter. Adapters are kept between calls so a Tripletex
 * session is reused, and dropped when the company's settings change.
 */
export type AccountingConnections = {
  forCompany: (companyId: string) => Promise<AccountingPort>;
  /** True when the company has an accounting system other than `none`. */
  isConnected: (companyId: string) => Promise<boolean>;
  invalidate: (companyId: string) => Promise<void>;
  /** Asks for the company's pending records to be pushed soon (after a create or update). */
  requestPush: (companyId: string) => void;
  /** The sync scheduler listens here; returns the unsubscribe function. */
  onPushRequested: (listener: (companyId: string) => void) => () => void;
  closeAll: () => Promise<void>;
};

export type AccountingConnectionsDeps = {
  db: Database;
  secrets: SecretBox;
  logger: Logger;
  clock: Clock;
  /** Overrides the environment's Tripletex address (tests point it at the fake). */
  tripletexBaseUrl?: string;
};

export const createAccountingConnections = (deps: AccountingConnectionsDeps): AccountingConnections => {
  const adapters = new Map<string, Promise<AccountingPort>>();

  const build = async (companyId: string): Promise<AccountingPort> => {
    const [settings] = await deps.db
      .select()
      .from(accountingSettings)
      .where(eq(accountingSettings.companyId, companyId));
    if (
      !settings ||
      settings.provider === 'none' ||
      !settings.consumerTokenSealed ||
      !settings.employeeTokenSealed
    ) {
      return createNoneAdapter();
    }
    return createTripletexAdapter({
      baseUrl: deps.tripletexBaseUrl ?? TRIPLETEX_BASE_URLS[settings.environment],
      consumerToken: deps.secrets.open(settings.consumerTokenSealed),
      employeeToken: deps.secrets.open(settings.employeeTokenSealed),
      companyId: settings.externalCompanyId,
      clock: deps.clock,
      logger: deps.logger,
    });
  };

  const forCompany = (companyId: string) => {
    let adapter = adapters.get(companyId);
    if (!adapter) {
      adapter = build(companyId);
      adapters.set(companyId, adapter);
      // A failed build (e.g. an unreadable secret) must not stick.
      adapter.catch(() => adapters.delete(companyId));
    }
    return adapter;
  };

  const invalidate = async (companyId: string) => {
    const adapter = adapters.get(companyId);
    adapters.delete(companyId);
    await adapter?.then((port) => port.close()).catch(() => undefined);
  };

  const pushListeners = new Set<(companyId: string) => void>();

  return {
    forCompany,
    isConnected: async (companyId) => (await forCompany(companyId)).kind !== 'none',
    invalidate,
    requestPush: (companyId) => {
      for (const listener of pushListeners) listener(companyId);
    },
    onPushRequested: (listener) => {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    closeAll: async () => {
      await Promise.all([...adapters.keys()].map(invalidate));
    },
  };
};
