import type { PaymentPlanPart } from '@karm/domain/contract';
import { isPaymentPlanComplete } from '@karm/domain/rules';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReadOnlyFieldset } from '@/components';
import { translateMessage } from '@/lib/forms';

export type PaymentPlanTabProps = {
  plan: PaymentPlanPart[];
  onChange: (plan: PaymentPlanPart[]) => void;
  error?: string;
  /** Shown, not changed: nothing to add or remove. */
  readOnly?: boolean;
};

/** SPEC §3 payment plan: parts with a description and a percentage; together they make 100 %. */
export const PaymentPlanTab = ({ plan, onChange, error, readOnly = false }: PaymentPlanTabProps) => {
  const { t } = useTranslation('offers');
  const sum = Math.round(plan.reduce((total, part) => total + part.percent, 0) * 100) / 100;
  const set = (index: number, changes: Partial<PaymentPlanPart>) =>
    onChange(plan.map((part, at) => (at === index ? { ...part, ...changes } : part)));
  return (
    <ReadOnlyFieldset readOnly={readOnly}>
      <Stack gap="xs">
        {plan.length === 0 && <Text c="dimmed">{t('plan.empty')}</Text>}
        {plan.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id; their place is their identity
          <Group key={index} align="flex-end" wrap="nowrap">
            <TextInput
              label={t('plan.description')}
              value={part.description}
              onChange={(event) => set(index, { description: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <NumberInput
              label={t('plan.percent')}
              value={part.percent}
              min={0}
              max={100}
              decimalScale={2}
              decimalSeparator=","
              suffix=" %"
              w={120}
              onChange={(value) => set(index, { percent: typeof value === 'number' ? value : 0 })}
            />
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="input-sm"
                aria-label={t('plan.remove', { number: index + 1 })}
                onClick={() => onChange(plan.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Group justify={readOnly ? 'flex-end' : 'space-between'}>
          {!readOnly && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange([...plan, { description: '', percent: Math.max(0, 100 - sum) }])}
            >
              {t('plan.add')}
            </Button>
          )}
          {plan.length > 0 && (
            <Text size="sm" c={isPaymentPlanComplete(plan) ? undefined : 'red'} data-plan-sum>
              {t('plan.sum', { percent: sum })}
            </Text>
          )}
        </Group>
        {error && (
          <Text size="sm" c="red">
            {translateMessage(t, error)}
          </Text>
        )}
      </Stack>
    </ReadOnlyFieldset>
  );
};
