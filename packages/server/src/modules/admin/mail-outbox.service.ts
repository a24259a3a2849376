import type { OutboxMailDto, Page, pageQuerySchema } from '@karm/domain/contract';
import { count, desc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { loadPage } from '../../platform/db/paging';
import { forbidden } from '../../platform/errors';
import { mailOutbox } from '../../platform/mail/outbox.tables';
import { memberIdsOfCompany } from '../auth/users.repository';

/**
 * The outbox for administrators: only mails about people of their own company, newest first.
 * Reset links are in here, which is why it is admin-only and company-scoped.
 */
export const listMailOutbox = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof pageQuerySchema>,
): Promise<Page<OutboxMailDto>> => {
  if (actor.role !== 'admin') throw forbidden('Only administrators can read the outbox');
  const where = inArray(mailOutbox.userId, memberIdsOfCompany(ctx.db, actor.companyId));
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
    (row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      text: row.text,
      status: row.status,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    }),
  );
};
