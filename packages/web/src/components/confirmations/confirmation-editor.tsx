import type {
  ConfirmationDto,
  ConfirmationEntityType,
  PaymentRule,
  PaymentRuleTemplateDto,
  ProcessColumnDto,
} from '@karm/domain/contract';
import { osloDateOf, splitPlan, vatTotals } from '@karm/domain/rules';
import { Alert, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateConfirmation, useUpdateConfirmation } from '@/lib/api/confirmations';
import { fieldErrorsOf, translateMessage } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { AppDialog } from '../app-dialog/app-dialog';
import { DateInput } from '../date-input/date-input';
import { notifyError, notifySuccess } from '../notify/notify';
import { ReadOnlyFieldset } from '../read-only-fieldset/read-only-fieldset';
import { ConfirmationTotals } from './confirmation-totals';
import { PaymentPlanStart, paymentPlanStartOptions, toPaymentRules } from './payment-plan-start';
import { PaymentRulesEditor } from './payment-rules-editor';

export type ConfirmationEditorProps = {
  opened: boolean;
  onClose: () => void;
  entityType: ConfirmationEntityType;
  entityId: string;
  /** The confirmation to change; null for a new one. */
  confirmation: ConfirmationDto | null;
  /** The offer's or project's lines total ex. VAT (øre): what a new confirmation will confirm. */
  totalExVat: number;
  templates: readonly PaymentRuleTemplateDto[];
  /** The offer's own payment plan, offered as a starting point beside the templates. */
  ownPlan?: readonly PaymentRule[];
  columns: readonly ProcessColumnDto[];
  readOnly: boolean;
};

type Draft = { date: string | null; terms: string; paymentRules: PaymentRule[] };

/**
 * Makes or changes one order confirmation: its date, payment plan (with the øre split shown live) and
 * terms. A new one starts from a payment plan template or the offer's own plan; each opening sends one
 * request id, so a double click creates one confirmation.
 */
export const ConfirmationEditor = ({ opened, ...props }: ConfirmationEditorProps) =>
  opened ? <ConfirmationEditorWindow key={props.confirmation?.id ?? 'new'} {...props} /> : null;

const ConfirmationEditorWindow = ({
  onClose,
  entityType,
  entityId,
  confirmation,
  totalExVat,
  templates,
  ownPlan = [],
  columns,
  readOnly,
}: Omit<ConfirmationEditorProps, 'opened'>) => {
  const { t } = useTranslation('confirmations');
  const [requestId] = useState(() => crypto.randomUUID());
  const startOptions = paymentPlanStartOptions(templates, ownPlan, t('editor.ownPlan'));
  const [draft, setDraft] = useState<Draft>(() =>
    confirmation
      ? {
          date: confirmation.date,
          terms: confirmation.terms,
          paymentRules: toPaymentRules(confirmation.paymentRules),
        }
      : {
          date: osloDateOf(new Date()),
          terms: '',
          paymentRules: toPaymentRules(startOptions[0]?.rules ?? []),
        },
  );
  const createConfirmation = useCreateConfirmation();
  const updateConfirmation = useUpdateConfirmation();
  const isReadOnly = readOnly || (confirmation?.isInvoiced ?? false);
  const totals = confirmation
    ? { totalExVat: confirmation.totalExVat, vat: confirmation.vat, total: confirmation.total }
    : vatTotals(totalExVat);

  const fail = (error: unknown) => {
    const [firstField] = Object.values(error instanceof ApiError ? fieldErrorsOf(error) : {});
    notifyError(firstField ? translateMessage(t, firstField) : error);
  };

  const save = async () => {
    // The rule's refusal is on screen already: nothing goes to the server.
    if (!splitPlan(totals.total, draft.paymentRules).ok) return;
    try {
      if (!confirmation) {
        const created = await createConfirmation.mutateAsync({
          requestId,
          entityType,
          entityId,
          ...(draft.date ? { date: draft.date } : {}),
          terms: draft.terms,
          paymentRules: draft.paymentRules,
        });
        notifySuccess(t('toast.created', { number: created.number }));
      } else {
        const updated = await updateConfirmation.mutateAsync({
          id: confirmation.id,
          version: confirmation.version,
          changes: {
            ...(draft.date ? { date: draft.date } : {}),
            terms: draft.terms,
            paymentRules: draft.paymentRules,
          },
        });
        notifySuccess(t('toast.saved', { number: updated.number }));
      }
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      onCancel={onClose}
      title={confirmation ? t('editor.title', { number: confirmation.number }) : t('editor.newTitle')}
      size={1000}
      readOnly={isReadOnly}
      onSave={isReadOnly ? undefined : save}
    >
      <Stack gap="sm" data-confirmation-editor>
        {confirmation?.isInvoiced && (
          <Alert color="blue" variant="light">
            {t('editor.invoicedNote')}
          </Alert>
        )}
        <ReadOnlyFieldset readOnly={isReadOnly}>
          <Stack gap="sm">
            <Group align="flex-end" wrap="wrap">
              {!confirmation && (
                <PaymentPlanStart
                  options={startOptions}
                  initialValue={startOptions[0]?.value}
                  onPick={(paymentRules) => setDraft((current) => ({ ...current, paymentRules }))}
                />
              )}
              <DateInput
                label={t('editor.date')}
                value={draft.date}
                onChange={(date) => setDraft((current) => ({ ...current, date }))}
                w={160}
              />
            </Group>
            <ConfirmationTotals totals={totals} />
            <Text fw={600} size="sm">
              {t('parts.title')}
            </Text>
            <PaymentRulesEditor
              rules={draft.paymentRules}
              onChange={(paymentRules) => setDraft((current) => ({ ...current, paymentRules }))}
              total={totals.total}
              columns={columns}
              readOnly={isReadOnly}
            />
            <Textarea
              label={t('editor.terms')}
              description={t('editor.termsHint')}
              value={draft.terms}
              maxLength={2000}
              rows={3}
              onChange={(event) => {
                const terms = event.currentTarget.value;
                setDraft((current) => ({ ...current, terms }));
              }}
            />
          </Stack>
        </ReadOnlyFieldset>
      </Stack>
    </AppDialog>
  );
};
