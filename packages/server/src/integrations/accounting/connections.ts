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

  return {
    forCompany,
    isConnected: async (companyId) => (await forCompany(companyId)).kind !== 'none',
    invalidate,
    closeAll: async () => {
      await Promise.all([...adapters.keys()].map(invalidate));
    },
  };
};
