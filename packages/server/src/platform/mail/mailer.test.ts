import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpRelay } from '../../test/smtp-relay';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { createLogger } from '../logging';
import { createMailer } from './mailer';
import { mailOutbox } from './outbox.tables';

/** A real SMTP peer on loopback stands in for the company's relay. */
const received: { to: string[]; body: string }[] = [];
let relay: Awaited<ReturnType<typeof startSmtpRelay>>;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await applyMigrations(database);
  relay = await startSmtpRelay(({ to, raw }) => {
    received.push({ to, body: raw });
  });
});
afterAll(async () => {
  await relay?.close();
  await database?.close();
});

const statusOf = async (subject: string) => {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
  return row;
};

describe('mailer', () => {
  it('relays over SMTP and marks the outbox row sent', async () => {
    const mailer = createMailer({
      db: database.db,
      logger: createLogger('silent'),
      smtpUrl: relay.url,
      from: 'Karm <karm@example.test>',
    });
    await mailer.send({ to: 'kari@example.test', subject: 'Relayed', text: 'Hei Kari — æøå' });
    expect(received.at(-1)?.to).toEqual(['kari@example.test']);
    expect(received.at(-1)?.body).toContain('Subject: Relayed');
    expect(await statusOf('Relayed')).toMatchObject({ status: 'sent', recipient: 'kari@example.test' });
  });

  it('keeps the mail in the outbox, marked failed, when the relay is unreachable', async () => {
    const mailer = createMailer({
      db: database.db,
      logger: createLogger('silent'),
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Karm <karm@example.test>',
    });
    await mailer.send({ to: 'ola@example.test', subject: 'Unreachable', text: 'Hei' });
    expect(await statusOf('Unreachable')).toMatchObject({ status: 'failed', error: expect.any(String) });
  });

  it('without SMTP_URL the outbox is the delivery', async () => {
    const mailer = createMailer({
      db: database.db,
      logger: createLogger('silent'),
      from: 'Karm <karm@example.test>',
    });
    await mailer.send({ to: 'per@example.test', subject: 'Kept', text: 'Hei' });
    expect(await statusOf('Kept')).toMatchObject({ status: 'outbox', sentAt: null });
  });
});
