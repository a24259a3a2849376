import type { PaymentRule, ProcessColumnDto } from '@karm/domain/contract';
import { formatNok, osloDateOf, PAYMENT_DUE_KINDS, type PaymentDue, splitPlan } from '@karm/domain/rules';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/error-text';
import { DateInput } from '../date-input/date-input';
import { MoneyInput } from '../order-lines/money-input';
import { columnName } from './confirmation-texts';

export type PaymentRulesEditorProps = {
  rules: PaymentRule[];
  onChange: (rules: PaymentRule[]) => void;
  /** The confirmation's total including VAT, in øre: what the parts split. */
  total: number;
  /** The company's process columns; those with the invoice flag can be a part's due rule. */
  columns: readonly ProcessColumnDto[];
  readOnly?: boolean;
};

/**
 * The parts of a payment plan (issue 13) with each part's amount worked out as the server will,
 * by `splitPlan`, so the øre split is seen before saving; a plan the rule refuses shows why.
 */
export const PaymentRulesEditor = ({
  rules,
  onChange,
  total,
  columns,
  readOnly = false,
}: PaymentRulesEditorProps) => {
  const { t, i18n } = useTranslation('confirmations');
  const split = splitPlan(total, rules);
  const invoiceColumns = columns.filter((column) => column.invoice);
  const set = (index: number, changes: Partial<PaymentRule>) =>
    onChange(rules.map((rule, at) => (at === index ? { ...rule, ...changes } : rule)));

  const dueOf = (kind: PaymentDue['kind']): PaymentDue => {
    if (kind === 'onDate') return { kind, date: osloDateOf(new Date()) };
    if (kind === 'processColumnCompleted') return { kind, columnId: invoiceColumns.at(-1)?.id ?? '' };
    return { kind };
  };

  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing={4} data-payment-rules>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('parts.description')}</Table.Th>
              <Table.Th w={230}>{t('parts.share')}</Table.Th>
              <Table.Th w={270}>{t('parts.due')}</Table.Th>
              <Table.Th w={130} ta="right">
                {t('parts.amount')}
              </Table.Th>
              {!readOnly && <Table.Th w={40} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((rule, index) => {
              const number = index + 1;
              const isAtFault = !split.ok && split.refusal.index === index;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id until saved; their place is their identity
                <Table.Tr key={index} data-payment-rule={number}>
                  <Table.Td>
                    <TextInput
                      aria-label={`${t('parts.description')} ${number}`}
                      value={rule.description}
                      maxLength={200}
                      onChange={(event) => set(index, { description: event.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <SegmentedControl
                        size="xs"
                        style={{ flexShrink: 0 }}
                        aria-label={`${t('parts.shareType')} ${number}`}
                        value={rule.share.type}
                        data={[
                          { value: 'percent', label: '%' },
                          { value: 'fixed', label: 'kr' },
                        ]}
                        onChange={(type) =>
                          set(index, {
                            share:
                              type === 'percent'
                                ? { type: 'percent', basisPoints: 0 }
                                : { type: 'fixed', amount: 0 },
                          })
                        }
                      />
                      {rule.share.type === 'percent' ? (
                        <NumberInput
                          aria-label={`${t('parts.percent')} ${number}`}
                          value={rule.share.basisPoints / 100}
                          min={0}
                          max={100}
                          decimalScale={2}
                          decimalSeparator=","
                          suffix=" %"
                          hideControls
                          error={isAtFault || undefined}
                          onChange={(value) =>
                            set(index, {
                              share: {
                                type: 'percent',
                                basisPoints: Math.round((typeof value === 'number' ? value : 0) * 100),
                              },
                            })
                          }
                        />
                      ) : (
                        <MoneyInput
                          aria-label={`${t('parts.fixed')} ${number}`}
                          value={rule.share.amount}
                          error={isAtFault || undefined}
                          onChange={(amount) => set(index, { share: { type: 'fixed', amount } })}
                        />
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Select
                        aria-label={`${t('parts.due')} ${number}`}
                        value={rule.due.kind}
                        allowDeselect={false}
                        data={PAYMENT_DUE_KINDS.map((kind) => ({
                          value: kind,
                          label: t(`due.${kind}`),
                          disabled: kind === 'processColumnCompleted' && invoiceColumns.length === 0,
                        }))}
                        onChange={(kind) => kind && set(index, { due: dueOf(kind as PaymentDue['kind']) })}
                      />
                      {rule.due.kind === 'onDate' && (
                        <DateInput
                          aria-label={`${t('parts.dueDate')} ${number}`}
                          value={rule.due.date}
                          onChange={(date) => date && set(index, { due: { kind: 'onDate', date } })}
                        />
                      )}
                      {rule.due.kind === 'processColumnCompleted' && (
                        <Select
                          aria-label={`${t('parts.column')} ${number}`}
                          value={rule.due.columnId || null}
                          allowDeselect={false}
                          placeholder={invoiceColumns.length === 0 ? t('parts.noInvoiceColumns') : undefined}
                          data={invoiceColumns.map((column) => ({
                            value: column.id,
                            label: columnName(column, i18n.language),
                          }))}
                          onChange={(columnId) =>
                            columnId && set(index, { due: { kind: 'processColumnCompleted', columnId } })
                          }
                        />
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" data-part-amount={number} style={{ whiteSpace: 'nowrap' }}>
                    {split.ok ? formatNok(split.amounts[index] ?? 0) : '–'}
                  </Table.Td>
                  {!readOnly && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('parts.remove', { number })}
                        onClick={() => onChange(rules.filter((_, at) => at !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify={readOnly ? 'flex-end' : 'space-between'} align="flex-start">
        {!readOnly && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              onChange([
                ...rules,
                { description: '', share: { type: 'percent', basisPoints: 0 }, due: { kind: 'onOrder' } },
              ])
            }
          >
            {t('parts.add')}
          </Button>
        )}
        {split.ok ? (
          <Text size="sm" data-plan-check="ok">
            {t('parts.sumOk', { total: formatNok(total) })}
          </Text>
        ) : (
          <Text size="sm" c="red" role="alert" data-plan-check="refused">
            {split.refusal.index === undefined
              ? ''
              : `${t('parts.part', { number: split.refusal.index + 1 })}: `}
            {translateMessage(t, split.refusal.messageKey)}
          </Text>
        )}
      </Group>
    </Stack>
  );
};
