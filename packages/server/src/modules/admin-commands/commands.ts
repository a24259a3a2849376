import { eq } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import { refreshStatistics } from '../../platform/db/statistics';
import { validationError } from '../../platform/errors';
import { mailOutbox } from '../../platform/mail/outbox.tables';
import { runSync } from '../accounting/sync-engine';
import { findUserById } from '../auth/users.repository';
import { pruneOldLogs } from '../logs/logs.service';
import { applyDeliveryDate } from '../processes/process-entries.service';
import { countProjects, projectDeliveryDates } from '../projects/projects.service';
import { resendFailedWebhookDeliveries } from '../webhooks/webhooks.service';
import type { CommandDefinition, CommandResult, CommandTable } from './command-table';
import { checkExport, exportData } from './export-commands';

const PROCESS_DATES_BATCH = 200;
/** How long the test e-mail waits for the relay's answer before it reports the mail queued. */
const MAIL_WAIT_MS = 20_000;
const MAIL_CHECK_EVERY_MS = 250;

/** Refused clearly before anything is queued when the company has no accounting system connected. */
const requireAccounting = async (ctx: AppContext, actor: Actor) => {
  const port = await ctx.accounting.forCompany(actor.companyId);
  if (port.kind === 'none') {
    throw validationError({ command: NO_ACCOUNTING }, 'No accounting system is connected');
  }
};
const NO_ACCOUNTING = 'adminCommands:error.noAccounting';

const accountingSync =
  (mode: 'incremental' | 'full'): CommandDefinition['handler'] =>
  async (ctx, actor, run) => {
    await requireAccounting(ctx, actor);
    run.progress(0, null, 'progress.syncing');
    const outcome = await runSync(ctx, actor.companyId, { trigger: 'manual', mode });
    if (outcome.status === 'failed') throw new Error(outcome.errors.at(-1) ?? 'The sync failed');
    return { key: mode === 'full' ? 'result.fullImportDone' : 'result.syncDone' };
  };

/** Waits for the relay job to settle the outbox row; a mail still queued then is reported queued. */
const mailOutcome = async (ctx: AppContext, mailId: string): Promise<string> => {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const [row] = await ctx.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mailId));
    const status = row?.status ?? 'queued';
    if (status !== 'queued' || Date.now() >= deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, MAIL_CHECK_EVERY_MS));
  }
};

const sendTestEmail: CommandDefinition['handler'] = async (ctx, actor, run) => {
  const user = await findUserById(ctx.db, actor.userId);
  const to = run.email || user?.email;
  if (!to) throw validationError({ email: 'validation.required' }, 'No e-mail address to send to');
  run.progress(0, 1, 'progress.sending');
  const mailId = await ctx.mailer.send({
    to,
    subject: 'Karm: test e-mail',
    text: `This is a test e-mail from Karm, sent by an administrator (${user?.username ?? 'admin'}).\n\nDette er en test-e-post fra Karm.`,
    userId: actor.userId,
  });
  const status = await mailOutcome(ctx, mailId);
  run.progress(1, 1);
  if (status === 'sent') return { key: 'result.mailSent', params: { to } };
  if (status === 'outbox') return { key: 'result.mailInOutbox', params: { to } };
  if (status === 'failed') throw new Error(`The relay refused the mail to ${to}`);
  return { key: 'result.mailQueued', params: { to } };
};

const recomputeProcessDates: CommandDefinition['handler'] = async (ctx, actor, run) => {
  const total = await countProjects(ctx.db, actor.companyId);
  let done = 0;
  let afterId: string | null = null;
  run.progress(0, total, 'progress.projects');
  for (;;) {
    const batch = await projectDeliveryDates(ctx.db, actor.companyId, afterId, PROCESS_DATES_BATCH);
    if (batch.length === 0) break;
    // One transaction per batch: a long run never holds the database, and a batch is all or nothing.
    await ctx.db.transaction(async (tx) => {
      for (const project of batch)
        await applyDeliveryDate(tx, actor.companyId, project.id, project.deliveryDate);
    });
    done += batch.length;
    afterId = batch.at(-1)?.id ?? null;
    run.progress(done, Math.max(total, done), 'progress.projects');
  }
  return { key: 'result.processDates', params: { count: done } };
};

export const COMMAND_TABLE: CommandTable = {
  'accounting-sync': {
    isDestructive: false,
    precheck: requireAccounting,
    expireInSeconds: 30 * 60,
    handler: accountingSync('incremental'),
  },
  'accounting-full-import': {
    isDestructive: true,
    precheck: requireAccounting,
    expireInSeconds: 60 * 60,
    handler: accountingSync('full'),
  },
  'resend-failed-webhooks': {
    isDestructive: false,
    handler: async (ctx, actor): Promise<CommandResult> => ({
      key: 'result.webhooksQueued',
      params: { count: await resendFailedWebhookDeliveries(ctx, actor.companyId) },
    }),
  },
  'test-email': { isDestructive: false, handler: sendTestEmail },
  'refresh-statistics': {
    isDestructive: false,
    handler: async (ctx) => {
      await refreshStatistics(ctx);
      return { key: 'result.statistics' };
    },
  },
  'recompute-process-dates': { isDestructive: true, handler: recomputeProcessDates },
  'prune-logs': {
    isDestructive: true,
    handler: async (ctx, actor) => ({
      key: 'result.logsPruned',
      params: { count: (await pruneOldLogs(ctx, actor.companyId)).deleted },
    }),
  },
  'export-data': exportData,
  'check-export': checkExport,
};
