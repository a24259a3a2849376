import { INVOICE_STATUS_CODES } from '@karm/domain/rules';
import { and, eq, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationPaymentRules, confirmations } from '../modules/confirmations/confirmations.tables';
import { statusOfInvoice } from '../modules/invoices/invoice-squares';
import { invoices } from '../modules/invoices/invoices.tables';
import { projects } from '../modules/projects/projects.tables';
import { todayIn } from '../platform/clock';
import { numberSequences } from '../platform/db/number-sequences';
import { type SignedInUser, startTestServer, type TestServer } from '../test/test-server';
import { seedBulkProjects } from './bulk-projects';

const COUNT = 1_500;

let server: TestServer;
let admin: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  await seedBulkProjects(server.ctx, admin.companyId, COUNT);
});
afterAll(async () => {
  await server?.close();
});

const sequence = async (kind: string) =>
  (
    await server.ctx.db
      .select({ value: numberSequences.lastValue })
      .from(numberSequences)
      .where(and(eq(numberSequences.companyId, admin.companyId), eq(numberSequences.kind, kind)))
  )[0]?.value;

describe('bulk projects with order squares', () => {
  it('gives every project a numbered confirmation whose three parts add up to its total', async () => {
    const { db } = server.ctx;
    const rows = await db.select().from(confirmations).where(eq(confirmations.companyId, admin.companyId));
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((row) => row.entityId)).size).toBe(COUNT);
    // Numbered 1…N from the sequence confirmations.service takes the next one from.
    expect(rows.map((row) => row.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: COUNT }, (_, index) => index + 1),
    );
    expect(await sequence('confirmation')).toBe(COUNT);

    const parts = await db
      .select()
      .from(confirmationPaymentRules)
      .where(eq(confirmationPaymentRules.companyId, admin.companyId));
    expect(parts).toHaveLength(3 * COUNT);
    const sums = new Map<string, number>();
    for (const part of parts)
      sums.set(part.confirmationId, (sums.get(part.confirmationId) ?? 0) + part.amount);
    for (const row of rows) {
      expect(sums.get(row.id)).toBe(row.total);
      expect(row.total).toBe(row.totalExVat + row.vat);
    }
  });

  it('invoices a realistic share of the squares, in every status, one open invoice per square at most', async () => {
    const { db } = server.ctx;
    const today = todayIn(server.ctx.clock);
    const all = await db.select().from(invoices).where(eq(invoices.companyId, admin.companyId));
    const open = all.filter((invoice) => !invoice.isCredited);
    expect(all.some((invoice) => invoice.isCredited)).toBe(true);
    expect(new Set(open.map((invoice) => invoice.paymentRuleId)).size).toBe(open.length);
    const codes = new Set(open.map((invoice) => statusOfInvoice(invoice, today)));
    expect([...codes].sort()).toEqual(
      [
        INVOICE_STATUS_CODES.notSent,
        INVOICE_STATUS_CODES.paid,
        INVOICE_STATUS_CODES.pendingPayment,
        INVOICE_STATUS_CODES.pastDueDate,
      ].sort(),
    );
    // Between a third and all of the squares carry an open invoice.
    expect(open.length).toBeGreaterThan(COUNT);
    expect(open.length).toBeLessThan(3 * COUNT);
    expect(await sequence('invoice')).toBe(all.length);

    // The invoice belongs to its square's confirmation and project, and the square points at it.
    const [sample] = await db
      .select({ invoice: invoices, part: confirmationPaymentRules, confirmation: confirmations })
      .from(invoices)
      .innerJoin(confirmationPaymentRules, eq(confirmationPaymentRules.id, invoices.paymentRuleId))
      .innerJoin(confirmations, eq(confirmations.id, invoices.confirmationId))
      .where(and(eq(invoices.companyId, admin.companyId), not(invoices.isCredited)))
      .limit(1);
    expect(sample?.part.confirmationId).toBe(sample?.confirmation.id);
    expect(sample?.confirmation.entityId).toBe(sample?.invoice.projectId);
    expect(sample?.invoice.amount).toBe(sample?.part.amount);
  });

  it('finds projects under every invoice filter of the project list', async () => {
    const totalOf = async (input: Record<string, unknown>) =>
      (await admin.client.request('projects:filter_new', { who: 'alle', pageSize: 1, ...input })).total;
    const count = (
      await server.ctx.db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.companyId, admin.companyId))
    ).length;
    expect(await totalOf({ status: 'all' })).toBe(count);
    for (const status of ['none', 'pending', 'sent', 'paid'] as const)
      expect(await totalOf({ status }), status).toBeGreaterThan(0);
    const withInvoice = await totalOf({ status: 'all', hasInvoice: true });
    const withoutInvoice = await totalOf({ status: 'all', hasInvoice: false });
    expect(withInvoice).toBeGreaterThan(0);
    expect(withoutInvoice).toBeGreaterThan(0);
    expect(withInvoice + withoutInvoice).toBe(count);
  });
});
