import type { InvoiceConfirmationDto, PaymentRule, ProcessColumnDto } from '@karm/domain/contract';
import { splitPlan, vatTotals, WHOLE_IN_BASIS_POINTS } from '@karm/domain/rules';
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppDialog,
  ConfirmationTotals,
  notifySaving,
  PaymentPlanStart,
  PaymentRulesEditor,
  paymentPlanStartOptions,
} from '@/components';
import { usePaymentRuleTemplates } from '@/lib/api/confirmations';
import { useDeleteInvoicePlan, useSaveInvoicePlan } from '@/lib/api/invoices';

export type InvoicePlanEditorProps = {
  projectId: string;
  /** The project's plan to change; null to make one. */
  plan: InvoiceConfirmationDto | null;
  /** The project's order lines total ex. VAT (øre): what the plan is split over when saved. */
  totalExVat: number;
  columns: readonly ProcessColumnDto[];
  onClose: () => void;
};

/** A new plan starts as one part: all of it on order. */
const FIRST_RULES: PaymentRule[] = [
  {
    description: '',
    share: { type: 'percent', basisPoints: WHOLE_IN_BASIS_POINTS },
    due: { kind: 'onOrder' },
  },
];

/**
 * The project's own invoice plan (administrators): its parts edited with the confirmation editor's
 * part editor (a new plan may start from a payment plan template), split over the project's value with
 * VAT 25 % as the server will. Each opening sends one
 * request id, so a double click makes one plan; deleting asks first (AppDialog's delete).
 */
export const InvoicePlanEditor = ({
  projectId,
  plan,
  totalExVat,
  columns,
  onClose,
}: InvoicePlanEditorProps) => {
  const { t } = useTranslation('projects');
  // A new plan may start from one of the company's payment plan templates, as a confirmation does.
  const templates = usePaymentRuleTemplates({ enabled: plan === null });
  const [requestId] = useState(() => crypto.randomUUID());
  const [rules, setRules] = useState<PaymentRule[]>(() =>
    plan ? plan.squares.map(({ description, share, due }) => ({ description, share, due })) : FIRST_RULES,
  );
  const savePlan = useSaveInvoicePlan();
  const deletePlan = useDeleteInvoicePlan();
  const totals = vatTotals(totalExVat);

  const save = async () => {
    // The split's refusal is on screen already: nothing goes to the server.
    if (!splitPlan(totals.total, rules).ok) return;
    const isSaved = await notifySaving(
      () =>
        savePlan.mutateAsync({ projectId, version: plan?.version ?? null, paymentRules: rules, requestId }),
      t('invoicePlan.saved'),
    );
    if (isSaved) onClose();
  };
  const remove = async () => {
    if (!plan) return;
    const isDeleted = await notifySaving(
      () => deletePlan.mutateAsync({ id: plan.confirmationId, version: plan.version }),
      t('invoicePlan.deleted'),
    );
    if (isDeleted) onClose();
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      onCancel={onClose}
      title={
        plan ? t('invoicePlan.editTitle', { number: plan.confirmationNumber }) : t('invoicePlan.newTitle')
      }
      size={1000}
      onSave={save}
      saving={savePlan.isPending}
      onDelete={plan ? remove : undefined}
      deleteConfirmMessage={t('invoicePlan.deleteMessage')}
    >
      <Stack gap="sm" data-invoice-plan-editor>
        <Alert color="blue" variant="light">
          {t('invoicePlan.explained')}
        </Alert>
        {plan === null && (
          <PaymentPlanStart
            options={paymentPlanStartOptions(templates.data ?? [], [], '')}
            onPick={setRules}
          />
        )}
        <ConfirmationTotals totals={totals} />
        <Text fw={600} size="sm">
          {t('invoicePlan.parts')}
        </Text>
        <PaymentRulesEditor rules={rules} onChange={setRules} total={totals.total} columns={columns} />
      </Stack>
    </AppDialog>
  );
};
