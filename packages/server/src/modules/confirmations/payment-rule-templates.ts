import type { PaymentRule, PaymentRuleTemplateDto } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import type { PaymentDue } from '@karm/domain/rules';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { derivedId } from '../../platform/db/derived-ids';
import { findCompanyRow } from '../company/company.service';
import { listProcessColumns } from '../processes/process-columns.service';
import { paymentRuleTemplates } from './confirmations.tables';

/** The plans' own words, in the company's document language: they are printed on confirmations. */
const WORDS = {
  nb: {
    allOnOrder: '100 % ved ordre',
    split306010: '30 / 60 / 10',
    split5050: '50 / 50',
    onOrder: 'Ved ordre',
    atDelivery: 'Ved levering',
    onInstallation: 'Ved ferdig montasje',
  },
  en: {
    allOnOrder: '100 % on order',
    split306010: '30 / 60 / 10',
    split5050: '50 / 50',
    onOrder: 'On order',
    atDelivery: 'At delivery',
    onInstallation: 'When installation is complete',
  },
} as const satisfies Record<Locale, Record<string, string>>;

const percent = (description: string, basisPoints: number, due: PaymentDue): PaymentRule => ({
  description,
  share: { type: 'percent', basisPoints },
  due,
});

/**
 * The plans every company starts with: all on order, 30 / 60 / 10 and 50 / 50. The last 10 % falls
 * due when the last process column with the invoice flag (installation, by default) is completed,
 * or at delivery when the company has no such column.
 */
const defaultTemplates = async (ctx: AppContext, companyId: string) => {
  const [company, columns] = await Promise.all([
    findCompanyRow(ctx.db, companyId),
    listProcessColumns(ctx, companyId),
  ]);
  const words = WORDS[company.documentLanguage];
  const lastInvoiceColumn = columns.filter((column) => column.invoice).at(-1);
  const onOrder: PaymentDue = { kind: 'onOrder' };
  const atDelivery: PaymentDue = { kind: 'atDelivery' };
  const templates: Omit<PaymentRuleTemplateDto, 'id'>[] = [
    { name: words.allOnOrder, paymentRules: [percent(words.onOrder, 10_000, onOrder)] },
    {
      name: words.split306010,
      paymentRules: [
        percent(words.onOrder, 3_000, onOrder),
        percent(words.atDelivery, 6_000, atDelivery),
        lastInvoiceColumn
          ? percent(words.onInstallation, 1_000, {
              kind: 'processColumnCompleted',
              columnId: lastInvoiceColumn.id,
            })
          : percent(words.atDelivery, 1_000, atDelivery),
      ],
    },
    {
      name: words.split5050,
      paymentRules: [percent(words.onOrder, 5_000, onOrder), percent(words.atDelivery, 5_000, atDelivery)],
    },
  ];
  return templates.map((template, position) => ({
    ...template,
    id: derivedId('payment-rule-template', companyId, String(position)),
    companyId,
    position,
  }));
};

const stored = (db: Executor, companyId: string) =>
  db
    .select()
    .from(paymentRuleTemplates)
    .where(eq(paymentRuleTemplates.companyId, companyId))
    .orderBy(asc(paymentRuleTemplates.position));

const toDto = (row: PaymentRuleTemplateDto): PaymentRuleTemplateDto => ({
  id: row.id,
  name: row.name,
  paymentRules: row.paymentRules,
});

/**
 * GET /confirmations/payment_rules: the company's payment plans in order; the default ones, under
 * the ids they will be stored with, until a write stores them (as offer statuses and process columns
 * do). Never writes. Editing the plans is the admin screen's later work ("payment terms").
 */
export const listPaymentRuleTemplates = async (
  ctx: AppContext,
  companyId: string,
): Promise<PaymentRuleTemplateDto[]> => {
  const rows = await stored(ctx.db, companyId);
  return (rows.length > 0 ? rows : await defaultTemplates(ctx, companyId)).map(toDto);
};
