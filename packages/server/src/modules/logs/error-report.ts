import { type ErrorReportedPush, type errorReportSchema, LOG_PUSHES } from '@karm/domain/contract';
import { type Locale, localeOrDefault } from '@karm/domain/i18n';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { companyAdministrators, userNamesByIds } from '../auth/users.repository';
import { getCompanyChoices } from '../company/company.service';
import { insertLogEntry, publishLogsChanged, throttleBySource } from './logs.service';

/** Reports one person may send their administrators in ten minutes: enough to report, too few to spam. */
export const REPORTS_PER_WINDOW = 5;
export const REPORT_WINDOW_MS = 10 * 60_000;

type ReportFacts = {
  reporter: string;
  company: string;
  message: string;
  comment: string | undefined;
  route: string;
  link: string;
};

/** The mail to each administrator, in their own language. */
const REPORT_MAIL: Record<Locale, (facts: ReportFacts) => { subject: string; text: string }> = {
  en: (facts) => ({
    subject: `Karm: ${facts.reporter} sent you an error`,
    text: [
      `${facts.reporter} (${facts.company}) sent this error to the administrators:`,
      '',
      facts.message,
      ...(facts.comment ? ['', `Comment: ${facts.comment}`] : []),
      `Screen: ${facts.route}`,
      '',
      `Read it and mark it handled under Logs: ${facts.link}`,
    ].join('\n'),
  }),
  nb: (facts) => ({
    subject: `Karm: ${facts.reporter} har sendt deg en feil`,
    text: [
      `${facts.reporter} (${facts.company}) har sendt denne feilen til administratorene:`,
      '',
      facts.message,
      ...(facts.comment ? ['', `Kommentar: ${facts.comment}`] : []),
      `Skjerm: ${facts.route}`,
      '',
      `Les den og merk den som behandlet under Logger: ${facts.link}`,
    ].join('\n'),
  }),
};

/**
 * "Send error to administrator": stores the error with where the person was and what they did just
 * before (a log entry of source `user-report`), then tells the company's administrators — a push for
 * those online (toast) and a mail to each who has an address. Throttled per person.
 */
export const reportError = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof errorReportSchema>,
): Promise<{ id: string }> => {
  const now = ctx.clock.now();
  const message = `${input.error.code}: ${input.error.message}`.slice(0, 5_000);
  const row = await ctx.db.transaction(async (tx) => {
    await throttleBySource(tx, actor, {
      source: 'user-report',
      limit: REPORTS_PER_WINDOW,
      windowMs: REPORT_WINDOW_MS,
      now,
    });
    return insertLogEntry(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      source: 'user-report',
      level: 'error',
      action: (input.screen ?? input.route) || 'report',
      message,
      data: {
        route: input.route,
        screen: input.screen,
        comment: input.comment,
        recentActions: input.recentActions,
        details: input.error.details,
      },
      error: { name: input.error.code, message: input.error.message },
      createdAt: now,
    });
  });
  publishLogsChanged(ctx, actor.companyId);

  const [admins, names, [company]] = await Promise.all([
    companyAdministrators(ctx.db, actor.companyId),
    userNamesByIds(ctx.db, [actor.userId]),
    getCompanyChoices(ctx.db, [actor.companyId]),
  ]);
  const reporter = names.get(actor.userId) ?? '';
  const push: ErrorReportedPush = { id: row.id, reporter, message: row.message };
  for (const admin of admins) ctx.realtime.toUser(admin.id, LOG_PUSHES.reported, push);
  const facts: ReportFacts = {
    reporter,
    company: company?.name ?? '',
    // The stored (redacted) texts, never the raw input.
    message: row.message,
    comment: (row.data as { comment?: string } | null)?.comment,
    route: input.route,
    link: new URL('/logs', ctx.config.publicUrl).toString(),
  };
  // A mail that cannot be queued must not undo the stored report; the log has it either way.
  await Promise.all(
    admins.flatMap((admin) => {
      if (!admin.email) return [];
      const mail = REPORT_MAIL[localeOrDefault(admin.profile?.locale)](facts);
      return [
        ctx.mailer
          .send({ to: admin.email, userId: admin.id, ...mail })
          .catch((error: unknown) => ctx.logger.warn({ err: error }, 'error report mail not sent')),
      ];
    }),
  );
  return { id: row.id };
};
