import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpRelay } from '../../test/smtp-relay';
import { startTestServer, type TestServer } from '../../test/test-server';
import { mailOutbox } from './outbox.tables';

/** A real SMTP peer on loopback stands in for the company's relay; mail goes through the job queue. */
const received: { to: string[]; body: string }[] = [];
let relay: Awaited<ReturnType<typeof startSmtpRelay>>;
let relayed: TestServer;
let unreachable: TestServer;
let outboxOnly: TestServer;

beforeAll(async () => {
  relay = await startSmtpRelay(({ to, raw }) => {
    received.push({ to, body: raw });
  });
  relayed = await startTestServer({ SMTP_URL: relay.url, MAIL_FROM: 'Karm <karm@example.test>' });
  unreachable = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:1' });
  outboxOnly = await startTestServer();
});
afterAll(async () => {
  await Promise.all([relayed?.close(), unreachable?.close(), outboxOnly?.close()]);
  await relay?.close();
});

const rowOf = async (server: TestServer, subject: string) => {
  const [row] = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
  return row;
};
const jobsOf = async (server: TestServer, mailId: string) =>
  (
    await server.ctx.database.runSql(
      `select state, retry_count, retry_limit from pgboss.job where name = 'mail.send' and data->>'mailId' = $1`,
      [mailId],
    )
  ).rows;

describe('mailer', () => {
  it('queues a mail.send job that relays over SMTP and marks the outbox row sent', async () => {
    await relayed.ctx.mailer.send({ to: 'kari@example.test', subject: 'Relayed', text: 'Hei Kari — æøå' });
    await vi.waitFor(async () => expect((await rowOf(relayed, 'Relayed'))?.status).toBe('sent'), {
      timeout: 20_000,
    });
    expect(received.at(-1)?.to).toEqual(['kari@example.test']);
    expect(received.at(-1)?.body).toContain('Subject: Relayed');
    const row = await rowOf(relayed, 'Relayed');
    expect(row).toMatchObject({ recipient: 'kari@example.test', error: null });
    await vi.waitFor(async () =>
      expect(await jobsOf(relayed, String(row?.id))).toEqual([
        expect.objectContaining({ state: 'completed' }),
      ]),
    );
  });

  it('keeps a mail the relay cannot take queued for a retry, with the error', async () => {
    await unreachable.ctx.mailer.send({ to: 'ola@example.test', subject: 'Unreachable', text: 'Hei' });
    await vi.waitFor(
      async () => expect((await rowOf(unreachable, 'Unreachable'))?.error).toEqual(expect.any(String)),
      {
        timeout: 20_000,
      },
    );
    const row = await rowOf(unreachable, 'Unreachable');
    expect(row?.status).toBe('queued');
    await vi.waitFor(async () =>
      expect(await jobsOf(unreachable, String(row?.id))).toEqual([
        expect.objectContaining({ state: 'retry' }),
      ]),
    );
  });

  it('without SMTP_URL the outbox is the delivery and no job is queued', async () => {
    await outboxOnly.ctx.mailer.send({ to: 'per@example.test', subject: 'Kept', text: 'Hei' });
    const row = await rowOf(outboxOnly, 'Kept');
    expect(row).toMatchObject({ status: 'outbox', sentAt: null });
    expect(await jobsOf(outboxOnly, String(row?.id))).toEqual([]);
  });
});
