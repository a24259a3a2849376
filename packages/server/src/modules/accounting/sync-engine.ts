import { ACCOUNTING_PUSHES, type SyncRunDto } from '@karm/domain/contract';
import { and, eq, lt } from 'drizzle-orm';
import {
  accountingSettings,
  type SyncCounts,
  type SyncProgress,
  syncRuns,
} from '../../integrations/accounting/accounting.tables';
import {
  AccountingError,
  type AccountingPage,
  type AccountingPort,
} from '../../integrations/accounting/port';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { conflict, validationError } from '../../platform/errors';
import { companyAdministrators } from '../auth/users.repository';
import { applyRemoteContact, pushPendingContacts } from '../customers/contacts.accounting';
import { applyRemoteCustomer, pushPendingCustomers } from '../customers/customers.accounting';
import {
  applyRemoteCategories,
  applyRemoteDepartments,
  applyRemoteEmployees,
} from '../employees/employees.accounting';
import { pullInvoiceStatuses, pushPendingInvoices } from '../invoices/invoices.accounting';
import { notify } from '../subscriptions/notifications';
import { settingsOf } from './settings.service';

/** Records per page fetched from the accounting system. */
export const PAGE_SIZE = 500;
/** Incremental syncs look a little further back than the last start, so clock skew loses nothing. */
const CHANGED_SINCE_OVERLAP_MS = 5 * 60_000;

type RunRow = typeof syncRuns.$inferSelect;

export const toSyncRunDto = (row: RunRow): SyncRunDto => ({
  id: row.id,
  trigger: row.trigger,
  mode: row.mode,
  status: row.status,
  progress: row.progress,
  counts: row.counts,
  errors: row.errors,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** Reads every page of a list; pages end at the first short page. */
const readAll = async <T>(
  load: (from: number, count: number) => Promise<AccountingPage<T>>,
  onPage: (items: T[]) => Promise<void>,
) => {
  for (let from = 0; ; from += PAGE_SIZE) {
    const page = await load(from, PAGE_SIZE);
    await onPage(page.items);
    if (page.isLast) return;
  }
};

type RunState = { row: RunRow; counts: SyncCounts; errors: string[] };

const tally = (state: RunState, kind: string, outcome: string) => {
  const entry = state.counts[kind] ?? { created: 0, updated: 0, unchanged: 0, conflicts: 0 };
  state.counts[kind] = entry;
  if (outcome === 'created' || outcome === 'linked') entry.created++;
  else if (outcome === 'updated') entry.updated++;
  else if (outcome === 'conflict') {
    entry.updated++;
    entry.conflicts = (entry.conflicts ?? 0) + 1;
  } else if (outcome === 'unchanged') entry.unchanged++;
};

const report = async (ctx: AppContext, state: RunState, progress: SyncProgress) => {
  const [row] = await ctx.db
    .update(syncRuns)
    .set({ progress, counts: state.counts, errors: state.errors, heartbeatAt: ctx.clock.now() })
    .where(eq(syncRuns.id, state.row.id))
    .returning();
  if (row) {
    state.row = row;
    ctx.realtime.toCompanyAdmins(row.companyId, ACCOUNTING_PUSHES.syncProgress, toSyncRunDto(row));
  }
};

/** Brings employees, departments and categories in (full compare: Tripletex has no changedSince). */
const pullEmployees = async (ctx: AppContext, port: AccountingPort, state: RunState) => {
  const companyId = state.row.companyId;
  const gather = async <T>(load: (from: number, count: number) => Promise<AccountingPage<T>>) => {
    const all: T[] = [];
    await readAll(load, async (items) => {
      all.push(...items);
    });
    return all;
  };
  state.counts.departments = await applyRemoteDepartments(
    ctx,
    companyId,
    await gather((from, count) => port.listDepartments({ from, count })),
  );
  state.counts.employeeCategories = await applyRemoteCategories(
    ctx,
    companyId,
    await port.listEmployeeCategories(),
  );
  state.counts.employees = await applyRemoteEmployees(
    ctx,
    companyId,
    await gather((from, count) => port.listEmployees({ from, count })),
  );
  await report(ctx, state, {
    phase: 'employees',
    done: state.counts.employees.created + state.counts.employees.updated + state.counts.employees.unchanged,
    total: null,
  });
};

const pullCustomers = async (
  ctx: AppContext,
  port: AccountingPort,
  state: RunState,
  changedSince: Date | undefined,
) => {
  let done = 0;
  await readAll(
    (from, count) => port.listCustomers({ changedSince, from, count }),
    async (items) => {
      for (const remote of items) {
        const { outcome, conflicts } = await applyRemoteCustomer(ctx, state.row.companyId, remote);
        tally(state, 'customers', outcome);
        if (conflicts.length > 0)
          state.errors.push(
            `${remote.name}: changed on both sides (${conflicts.join(', ')}); the accounting system's value was kept`,
          );
      }
      done += items.length;
      await report(ctx, state, { phase: 'customers', done, total: null });
    },
  );
};

const pullContacts = async (ctx: AppContext, port: AccountingPort, state: RunState) => {
  let done = 0;
  await readAll(
    (from, count) => port.listContacts({ from, count }),
    async (items) => {
      for (const remote of items)
        tally(state, 'contacts', await applyRemoteContact(ctx, state.row.companyId, remote));
      done += items.length;
      await report(ctx, state, { phase: 'contacts', done, total: null });
    },
  );
};

/** Sends what Karm created or changed; what cannot go now stays pending for the next round. */
export const pushPending = async (ctx: AppContext, companyId: string, port: AccountingPort) => {
  const pushedCustomers = await pushPendingCustomers(ctx, companyId, port);
  const pushedContacts = await pushPendingContacts(ctx, companyId, port);
  // Invoices after customers: an invoice's customer is pushed first when it was Karm's only.
  const pushedInvoices = await pushPendingInvoices(ctx, companyId, port);
  return { pushedCustomers, pushedContacts, pushedInvoices };
};

/** A running sync that has reported nothing for this long was interrupted (its server died). */
export const STALE_RUN_MS = 10 * 60_000;

/** Closes runs left "running" by a server that died, so they do not block every later sync. */
const closeInterruptedRuns = async (ctx: AppContext, companyId: string) => {
  const cutoff = new Date(ctx.clock.now().getTime() - STALE_RUN_MS);
  await ctx.db
    .update(syncRuns)
    .set({
      status: 'failed',
      finishedAt: ctx.clock.now(),
      errors: ['interrupted: the server stopped during the sync'],
    })
    .where(
      and(
        eq(syncRuns.companyId, companyId),
        eq(syncRuns.status, 'running'),
        lt(syncRuns.heartbeatAt, cutoff),
      ),
    );
};

const performSync = async (
  ctx: AppContext,
  port: AccountingPort,
  state: RunState,
  customersSyncedAt: Date | null,
): Promise<SyncRunDto> => {
  const { companyId, mode, startedAt } = state.row;
  let status: 'succeeded' | 'failed' = 'succeeded';
  try {
    await pullEmployees(ctx, port, state);
    const changedSince =
      mode === 'incremental' && customersSyncedAt
        ? new Date(customersSyncedAt.getTime() - CHANGED_SINCE_OVERLAP_MS)
        : undefined;
    await pullCustomers(ctx, port, state, changedSince);
    await pullContacts(ctx, port, state);
    await ctx.db
      .update(accountingSettings)
      .set({ customersSyncedAt: startedAt })
      .where(eq(accountingSettings.companyId, companyId));
    const { pushedCustomers, pushedContacts, pushedInvoices } = await pushPending(ctx, companyId, port);
    state.counts.invoices = {
      created: pushedInvoices.counts.created,
      updated:
        (await pullInvoiceStatuses(ctx, companyId, port)).updated +
        pushedInvoices.counts.credited +
        pushedInvoices.counts.attached,
      unchanged: 0,
    };
    state.counts.pushedCustomers = {
      created: pushedCustomers.counts.created + pushedCustomers.counts.linked,
      updated: pushedCustomers.counts.updated,
      unchanged: pushedCustomers.counts.unchanged,
    };
    state.counts.pushedContacts = {
      created: pushedContacts.counts.created + pushedContacts.counts.linked,
      updated: 0,
      unchanged: 0,
    };
    state.errors.push(...pushedCustomers.errors, ...pushedContacts.errors, ...pushedInvoices.errors);
  } catch (error) {
    status = 'failed';
    state.errors.push(
      error instanceof AccountingError ? `${error.kind}: ${error.message}` : 'Unexpected error',
    );
    if (!(error instanceof AccountingError))
      ctx.logger.error({ err: error, companyId }, 'accounting sync failed');
  }
  const finishedAt = ctx.clock.now();
  const [finished] = await ctx.db
    .update(syncRuns)
    .set({
      status,
      finishedAt,
      heartbeatAt: finishedAt,
      counts: state.counts,
      errors: state.errors,
      progress: { phase: 'finished', done: 1, total: 1 },
    })
    .where(eq(syncRuns.id, state.row.id))
    .returning();
  await ctx.db
    .update(accountingSettings)
    .set({ lastSyncAt: finishedAt })
    .where(eq(accountingSettings.companyId, companyId));
  const dto = toSyncRunDto(finished ?? state.row);
  ctx.realtime.toCompanyAdmins(companyId, ACCOUNTING_PUSHES.syncProgress, dto);
  if (status === 'failed') {
    await notify(ctx, ctx.db, {
      companyId,
      kind: 'syncFailed',
      userIds: (await companyAdministrators(ctx.db, companyId)).map((admin) => admin.id),
      url: '/admin',
      facts: () => ({ kind: 'syncFailed', error: state.errors.at(-1) ?? 'The sync failed' }),
    });
  }
  return dto;
};

/**
 * Starts one sync of a company with its accounting system: first a full import, afterwards
 * incremental (customers by `changedSince`, the rest by full compare), then the pending pushes.
 * Answers as soon as the run exists; `finished` settles when it is done. Only one runs per company
 * at a time, across every instance (a unique index on running rows).
 */
export const beginSync = async (
  ctx: AppContext,
  companyId: string,
  options: { trigger: 'scheduled' | 'manual'; mode?: 'full' | 'incremental' },
): Promise<{ run: SyncRunDto; finished: Promise<SyncRunDto> }> => {
  const settings = await settingsOf(ctx, companyId);
  const port = await ctx.accounting.forCompany(companyId);
  if (port.kind === 'none') {
    throw validationError({ provider: 'validation.required' }, 'No accounting system is configured');
  }
  const mode = options.mode === 'full' || !settings.customersSyncedAt ? 'full' : 'incremental';
  const startedAt = ctx.clock.now();
  await closeInterruptedRuns(ctx, companyId);

  let row: RunRow | undefined;
  try {
    [row] = await ctx.db
      .insert(syncRuns)
      .values({
        companyId,
        trigger: options.trigger,
        mode,
        status: 'running',
        progress: { phase: 'starting', done: 0, total: null },
        startedAt,
        heartbeatAt: startedAt,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A sync is already running');
    throw error;
  }
  if (!row) throw new Error('Sync run insert returned nothing');
  const run = toSyncRunDto(row);
  ctx.realtime.toCompanyAdmins(companyId, ACCOUNTING_PUSHES.syncProgress, run);
  const finished = performSync(ctx, port, { row, counts: {}, errors: [] }, settings.customersSyncedAt);
  return { run, finished };
};

/** Runs a whole sync and answers its outcome (the sync job, the seed and the tests wait for it). */
export const runSync = async (
  ctx: AppContext,
  companyId: string,
  options: { trigger: 'scheduled' | 'manual'; mode?: 'full' | 'incremental' },
) => (await beginSync(ctx, companyId, options)).finished;
