import type { OutboxMailDto, Page, pageQuerySchema } from '@karm/domain/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { loadPage } from '../../platform/db/paging';
import { conflict, notFound } from '../../platform/errors';
import { mailSendJob } from '../../platform/mail/mail.jobs';
import { mailOutbox } from '../../platform/mail/outbox.tables';
import { manageableUserIds } from '../auth/user-management';

/** Single-use secrets that may be in a mail's links (today: the reset token). */
const SINGLE_USE_LINK = /([?&]reset=)[^\s&#]+/g;

/** The outbox is for reading what was sent, never for using it: single-use links are masked. */
const maskSingleUseLinks = (text: string) => text.replace(SINGLE_USE_LINK, '$1•••');

/**
 * The outbox for administrators, newest first: only mails about people the admin may manage
 * (members of their company whose every company they administer, see manageableUserIds), so a
 * person shared with another company is not exposed to the admin of just one of them. Reset links
 * are listed masked; the mail itself stays whole in the outbox table.
 */
export const listMailOutbox = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof pageQuerySchema>,
): Promise<Page<OutboxMailDto>> => {
  const where = inArray(mailOutbox.userId, manageableUserIds(ctx.db, actor));
  return loadPage(
    query,
    {
      rows: (limit, offset) =>
        ctx.db
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(limit)
          .offset(offset),
      total: () => ctx.db.select({ total: count() }).from(mailOutbox).where(where),
    },
    toOutboxMailDto,
  );
};

const toOutboxMailDto = (row: typeof mailOutbox.$inferSelect): OutboxMailDto => ({
  id: row.id,
  recipient: row.recipient,
  subject: row.subject,
  text: maskSingleUseLinks(row.text),
  status: row.status,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** Sends a failed mail again: back to `queued`, with a `mail.send` job queued in the same transaction. */
export const resendMail = async (
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<OutboxMailDto> => {
  if (!ctx.config.smtpUrl) throw conflict('No mail relay is configured');
  const row = await ctx.db.transaction(async (tx) => {
    const [mail] = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, input.id), inArray(mailOutbox.userId, manageableUserIds(tx, actor))));
    if (!mail) throw notFound('Mail');
    if (mail.status !== 'failed') throw conflict('Only a mail that failed can be sent again');
    const [queued] = await tx
      .update(mailOutbox)
      .set({ status: 'queued', error: null })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'failed')))
      .returning();
    if (!queued) throw conflict('Only a mail that failed can be sent again');
    await ctx.jobs.send(mailSendJob, { mailId: mail.id }, { tx });
    return queued;
  });
  return toOutboxMailDto(row);
};
