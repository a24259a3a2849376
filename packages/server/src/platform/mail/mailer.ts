import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Logger } from '../logging';
import { mailOutbox } from './outbox.tables';

export type Mail = { to: string; subject: string; text: string; html?: string; userId?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * Every mail goes into the outbox first. With SMTP_URL it is then relayed and marked sent (or failed);
 * without it, the outbox row is the delivery and an admin can read it there.
 */
export const createMailer = (deps: {
  db: Database;
  logger: Logger;
  smtpUrl?: string;
  from: string;
}): Mailer => {
  // The SMTP client is loaded only when a relay is configured (and then at start, not with a mail).
  const transport = deps.smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(deps.smtpUrl))
    : undefined;
  // A transport that cannot be made fails each relay (kept in the outbox), not the process.
  transport?.catch(() => undefined);
  return {
    send: async (mail) => {
      const [row] = await deps.db
        .insert(mailOutbox)
        .values({
          recipient: mail.to,
          userId: mail.userId ?? null,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          status: transport ? 'queued' : 'outbox',
        })
        .returning({ id: mailOutbox.id });
      if (!transport || !row) return;
      try {
        await (await transport).sendMail({
          from: deps.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await deps.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date() })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        deps.logger.warn({ err: error, mailId: row.id }, 'mail relay failed; kept in outbox');
        await deps.db
          .update(mailOutbox)
          .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
};
