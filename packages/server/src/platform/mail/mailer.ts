import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { mailSendJob } from './mail.jobs';
import { mailOutbox } from './outbox.tables';

export type Mail = { to: string; subject: string; text: string; html?: string; userId?: string };
/** `send` answers the outbox row's id (whoever wants to follow its relay reads that row). */
export type Mailer = { send: (mail: Mail) => Promise<string> };

/**
 * Every mail goes into the outbox first. With SMTP_URL a `mail.send` job is queued with it, in the
 * same transaction, and relays it with retries (see mail.jobs.ts); without it, the outbox row is the
 * delivery and an admin can read it there.
 */
export const createMailer = (deps: { db: Database; jobs: JobQueue; isRelayConfigured: boolean }): Mailer => ({
  send: async (mail) =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          recipient: mail.to,
          userId: mail.userId ?? null,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          status: deps.isRelayConfigured ? 'queued' : 'outbox',
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('Outbox insert returned nothing');
      if (deps.isRelayConfigured) await deps.jobs.send(mailSendJob, { mailId: row.id }, { tx });
      return row.id;
    }),
});
