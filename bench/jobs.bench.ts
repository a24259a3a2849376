/**
 * `npm run bench -- jobs`: webhook deliveries on the job queue — BENCH_DELIVERIES (default 10 000)
 * events recorded one after another for one loopback receiver while the `webhooks.dispatch` job
 * (pg-boss) delivers them. Prints deliveries/s from the first event to the last delivery and the
 * event → delivery latency (p50/p95/max), next to the same number of plain signed POSTs to the same
 * receiver (the baseline; ratio printed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@karm/server/config';
import { signatureHeader } from '@karm/server/modules/webhooks/webhook-delivery';
import { webhookJobs } from '@karm/server/modules/webhooks/webhook-dispatch';
import { startReceiver } from '@karm/server/modules/webhooks/webhook-receiver.testing';
import {
  createWebhook,
  publishWebhookEvent,
  saveWebhookSettings,
} from '@karm/server/modules/webhooks/webhooks.service';
import { webhookDeliveries } from '@karm/server/modules/webhooks/webhooks.tables';
import { administrativeActor } from '@karm/server/platform/context';
import { createContext } from '@karm/server/platform/create-context';
import { createLogger } from '@karm/server/platform/logging';
import { seedCompany, seedUser } from '@karm/server/seed/factories';
import { figuresOf, printFigures } from './measure';

const COUNT = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

export const run = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'karm-bench-jobs-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ACCOUNTING_SYNC: 'false',
    WEBHOOK_DISPATCH: 'true',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'warn',
  });
  const ctx = await createContext(config, { logger: createLogger('warn') });
  const receiver = await startReceiver();
  await ctx.jobs.start(ctx, webhookJobs);
  try {
    const company = await seedCompany(ctx.db);
    const user = await seedUser(ctx.db, { role: 'admin', companyIds: [company.id] });
    const actor = administrativeActor(company.id, user.id);
    await saveWebhookSettings(ctx, actor, { allowPrivateNetwork: true, version: 0 });
    const { secret } = await createWebhook(ctx, actor, {
      url: `${receiver.url}/bench`,
      events: ['project.updated'],
      description: 'bench',
      isActive: true,
    });

    // Baseline: the same number of signed POSTs, straight from fetch, at the same concurrency.
    const body = JSON.stringify({ id: 'x', event: 'project.updated', data: { id: 'p', name: 'Bench' } });
    let sent = 0;
    const baselineStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent < COUNT) {
          sent += 1;
          const response = await fetch(`${receiver.url}/baseline`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'karm-signature': signatureHeader(secret, Math.floor(Date.now() / 1000), body),
            },
            body,
          });
          await response.arrayBuffer();
        }
      }),
    );
    const baselineSeconds = (performance.now() - baselineStarted) / 1000;
    receiver.received.length = 0;

    // One event per delivery, as committed changes record them, while the queue delivers.
    const arrivedAt = new Map<string, number>();
    let allArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    receiver.onRequest((request) => {
      arrivedAt.set(String(request.headers['karm-delivery']), Date.now());
      if (arrivedAt.size >= COUNT) allArrived();
    });
    const started = performance.now();
    for (let index = 0; index < COUNT; index += 1) {
      await publishWebhookEvent(ctx, company.id, 'project.updated', { id: `p${index}`, name: 'Bench' });
    }
    const queueSeconds = (performance.now() - started) / 1000;
    await arrived;
    const dispatchSeconds = (performance.now() - started) / 1000;
    const createdAt = new Map(
      (
        await ctx.db
          .select({ id: webhookDeliveries.id, createdAt: webhookDeliveries.createdAt })
          .from(webhookDeliveries)
      ).map((row) => [row.id, row.createdAt.getTime()]),
    );
    const latencies = [...arrivedAt].map(([id, at]) => at - (createdAt.get(id) ?? at));

    console.log(
      `deliveries: ${COUNT} through the webhooks.dispatch job (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}); baseline concurrency ${CONCURRENCY}`,
    );
    console.log(
      `queueing ${COUNT} events: ${queueSeconds.toFixed(2)} s (${(COUNT / queueSeconds).toFixed(0)} events/s)`,
    );
    console.log(
      `first event to last delivery: ${dispatchSeconds.toFixed(2)} s → ${(COUNT / dispatchSeconds).toFixed(0)} deliveries/s`,
    );
    console.log(
      `baseline (plain fetch POSTs): ${baselineSeconds.toFixed(2)} s → ${(COUNT / baselineSeconds).toFixed(0)} requests/s; ratio ${(dispatchSeconds / baselineSeconds).toFixed(2)}`,
    );
    printFigures('event → delivery (ms)', figuresOf(latencies));
  } finally {
    await ctx.jobs.stop();
    await receiver.close();
    await ctx.database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};
