import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { defineJob } from '../jobs/job-table';
import { mailOutbox } from './outbox.tables';

/** One SMTP client per relay address, made on the first mail (nodemailer loads only then). */
const transports = new Map<string, Promise<Transporter>>();
const transportFor = (smtpUrl: string) => {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    transports.set(smtpUrl, transport);
    transport.catch(() => transports.delete(smtpUrl));
  }
  return transport;
};

/**
 * Relays one outbox mail over SMTP and marks it sent. A failed relay is retried with back-off; the
 * row says `failed` (with the error) only when no retry is left, and an admin can send it again.
 * Idempotent: a mail already sent is not relayed again.
 */
export const mailSendJob = defineJob<{ mailId: string }>({
  name: 'mail.send',
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  // A slow relay answering one mail does not hold up the next (a sign-in link, a test e-mail).
  workers: 2,
  expireInSeconds: 120,
  handler: async (ctx, { mailId }, run) => {
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    if (!mail || mail.status === 'sent') return;
    const smtpUrl = ctx.config.smtpUrl;
    if (!smtpUrl) {
      // The relay was switched off since: the outbox is the delivery now.
      await ctx.db.update(mailOutbox).set({ status: 'outbox' }).where(eq(mailOutbox.id, mailId));
      return;
    }
    try {
      await (await transportFor(smtpUrl)).sendMail({
        from: ctx.config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
    } catch (error) {
      await ctx.db
        .update(mailOutbox)
        .set({
          status: run.isLastAttempt ? 'failed' : 'queued',
          error: error instanceof Error ? error.message : String(error),
        })
        .where(eq(mailOutbox.id, mailId));
      throw error;
    }
    await ctx.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: ctx.clock.now(), error: null })
      .where(eq(mailOutbox.id, mailId));
  },
});
