import type { PaymentRule, PaymentRuleTemplateDto } from '@karm/domain/contract';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const OWN_PLAN = 'own-plan';

export type PaymentPlanStartOption = { value: string; label: string; rules: readonly PaymentRule[] };

/** Without the server's ids and amounts: the parts as a plan is written. */
export const toPaymentRules = (rules: readonly PaymentRule[]): PaymentRule[] =>
  rules.map(({ description, share, due }) => ({ description, share, due }));

/**
 * What a new payment plan may start from: the offer's own plan (when it has one), then the company's
 * payment plan templates (`GET confirmations/payment_rules`), in that order.
 */
export const paymentPlanStartOptions = (
  templates: readonly PaymentRuleTemplateDto[],
  ownPlan: readonly PaymentRule[],
  ownPlanLabel: string,
): PaymentPlanStartOption[] => [
  ...(ownPlan.length > 0 ? [{ value: OWN_PLAN, label: ownPlanLabel, rules: ownPlan }] : []),
  ...templates.map((template) => ({
    value: template.id,
    label: template.name,
    rules: template.paymentRules,
  })),
];

export type PaymentPlanStartProps = {
  options: readonly PaymentPlanStartOption[];
  /** The option the parts already start from, if any (the confirmation editor starts from the first). */
  initialValue?: string | null;
  /** Called with the chosen start's parts: the editor replaces its parts with them. */
  onPick: (rules: PaymentRule[]) => void;
};

/**
 * The "start from" picker of a new payment plan, shared by the order confirmation editor and the
 * project's own invoice plan: choosing a template replaces the parts being edited.
 */
export const PaymentPlanStart = ({ options, initialValue = null, onPick }: PaymentPlanStartProps) => {
  const { t } = useTranslation('confirmations');
  const [picked, setPicked] = useState<string | null>(initialValue);
  if (options.length === 0) return null;
  return (
    <Select
      label={t('editor.template')}
      placeholder={t('editor.templatePlaceholder')}
      value={picked}
      allowDeselect={false}
      data={options.map(({ value, label }) => ({ value, label }))}
      onChange={(value) => {
        const option = options.find((candidate) => candidate.value === value);
        if (!option) return;
        setPicked(option.value);
        onPick(toPaymentRules(option.rules));
      }}
      w={260}
    />
  );
};
