import { BILLING_LIMITS, type PaymentTermDto } from '@karm/domain/contract';
import {
  Badge,
  Card,
  Checkbox,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminItemDialog,
  AdminListCard,
  deleteOrOfferDeactivate,
  EditDeleteActions,
  notifySaving,
  useConfirm,
} from '@/components';
import { usePaymentTermMutations, usePaymentTerms } from '@/lib/api/billing-settings';
import { useCollection } from '@/lib/api/collections';
import { useCan } from '@/lib/permissions';

type Editing = { mode: 'add' } | { mode: 'edit'; term: PaymentTermDto };

/** Adds a payment term or changes one's name, days and default flag. */
const PaymentTermDialog = ({ editing, onClose }: { editing: Editing; onClose: () => void }) => {
  const { t } = useTranslation('billing');
  const { add, update } = usePaymentTermMutations();
  const initial = editing.mode === 'edit' ? editing.term : { name: '', daysUntilDue: 14, isDefault: false };
  const [name, setName] = useState(initial.name);
  const [days, setDays] = useState<number | string>(initial.daysUntilDue);
  const [isDefault, setIsDefault] = useState(initial.isDefault);
  const [errors, setErrors] = useState<{ name?: string; days?: string }>({});
  const daysUntilDue = typeof days === 'number' ? days : Number.NaN;
  const values = { name: name.trim(), daysUntilDue, isDefault };
  const isValid = () => {
    const found = {
      ...(name.trim() === '' && { name: t('validation:required') }),
      ...(!(
        Number.isInteger(daysUntilDue) &&
        daysUntilDue >= 0 &&
        daysUntilDue <= BILLING_LIMITS.maxDaysUntilDue
      ) && {
        days: t('terms.daysRange', { max: BILLING_LIMITS.maxDaysUntilDue }),
      }),
    };
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return (
    <AdminItemDialog
      title={editing.mode === 'add' ? t('terms.addTitle') : t('terms.editTitle')}
      savedMessage={t('terms.saved')}
      saving={add.isPending || update.isPending}
      isValid={isValid}
      write={() =>
        editing.mode === 'add'
          ? add.mutateAsync(values)
          : update.mutateAsync({ id: editing.term.id, version: editing.term.version, values })
      }
      onClose={onClose}
    >
      <Stack gap="sm">
        <TextInput
          label={t('terms.name')}
          withAsterisk
          data-autofocus
          maxLength={BILLING_LIMITS.termNameLength}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <NumberInput
          label={t('terms.days')}
          withAsterisk
          min={0}
          max={BILLING_LIMITS.maxDaysUntilDue}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={days}
          error={errors.days}
          onChange={setDays}
        />
        <Checkbox
          label={t('terms.isDefault')}
          checked={isDefault}
          onChange={(event) => setIsDefault(event.currentTarget.checked)}
        />
      </Stack>
    </AdminItemDialog>
  );
};

/** Which term each customer category defaults to; empty: the company default applies. */
const CategoryDefaults = ({ terms, isEditable }: { terms: PaymentTermDto[]; isEditable: boolean }) => {
  const { t } = useTranslation('billing');
  const categories = useCollection('customerCategory');
  const list = usePaymentTerms();
  const { setCategoryDefault } = usePaymentTermMutations();
  const defaults = new Map(
    (list.data?.categoryDefaults ?? []).map((entry) => [entry.categoryKey, entry.paymentTermId]),
  );
  const companyDefault = terms.find((term) => term.isDefault && term.isActive);
  const choose = (categoryKey: string, paymentTermId: string | null) =>
    notifySaving(() => setCategoryDefault.mutateAsync({ categoryKey, paymentTermId }), t('categories.saved'));
  return (
    <Card withBorder padding="md" data-category-terms>
      <Stack gap="xs">
        <div>
          <Title order={4}>{t('categories.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('categories.description')}
          </Text>
        </div>
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('categories.category')}</Table.Th>
                <Table.Th>{t('categories.term')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.values
                .filter((category) => category.isActive || defaults.has(category.key))
                .map((category) => {
                  const current = defaults.get(category.key) ?? null;
                  const label = categories.labelOf(category.key);
                  return (
                    <Table.Tr key={category.key} data-category={category.key}>
                      <Table.Td>
                        <Text size="sm">{label}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          size="xs"
                          aria-label={`${t('categories.term')}: ${label}`}
                          placeholder={
                            companyDefault
                              ? `${t('categories.companyDefault')} (${companyDefault.name})`
                              : t('categories.companyDefault')
                          }
                          clearable
                          disabled={!isEditable}
                          data={terms
                            .filter((term) => term.isActive || term.id === current)
                            .map((term) => ({ value: term.id, label: term.name }))}
                          value={current}
                          onChange={(value) => void choose(category.key, value)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
};

/**
 * Admin tab "Payment terms": the company's named terms (add, edit, make default, deactivate, delete
 * an unused one) and the default term of each customer category. Read-only without
 * `invoices.settings`.
 */
export const PaymentTermsAdmin = () => {
  const { t } = useTranslation('billing');
  const isEditable = useCan('invoices.settings');
  const list = usePaymentTerms();
  const { update, remove } = usePaymentTermMutations();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing | null>(null);
  const terms = list.data?.terms ?? [];

  const setActive = (term: PaymentTermDto, isActive: boolean) =>
    notifySaving(
      () => update.mutateAsync({ id: term.id, version: term.version, values: { isActive } }),
      isActive ? t('terms.saved') : t('terms.deactivated'),
    );

  const askDelete = (term: PaymentTermDto) =>
    deleteOrOfferDeactivate({
      confirm,
      texts: {
        deleteTitle: t('delete'),
        deleteConfirm: t('terms.deleteConfirm', { name: term.name }),
        deleted: t('terms.deleted'),
        inUseTitle: t('terms.inUseTitle'),
        inUse: (count) => t('terms.inUse', { name: term.name, count }),
        deactivate: t('deactivate'),
      },
      remove: () => remove.mutateAsync({ id: term.id, version: term.version }),
      deactivate: () => setActive(term, false),
    });

  return (
    <Stack gap="md">
      <AdminListCard
        data-payment-terms
        title={t('terms.title')}
        description={t('terms.description')}
        {...(isEditable && { addLabel: t('terms.add'), onAdd: () => setEditing({ mode: 'add' }) })}
        note={!isEditable && <Text size="sm">{t('readOnly')}</Text>}
        header={
          <>
            <Table.Th>{t('terms.name')}</Table.Th>
            <Table.Th w={130}>{t('terms.days')}</Table.Th>
            <Table.Th w={80}>{t('usage')}</Table.Th>
            <Table.Th w={80}>{t('active')}</Table.Th>
            {isEditable && <Table.Th w={90}>{t('actions')}</Table.Th>}
          </>
        }
      >
        {list.isSuccess && terms.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text size="sm" c="dimmed">
                {t('terms.empty')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {terms.map((term) => (
          <Table.Tr
            key={term.id}
            data-payment-term={term.name}
            style={term.isActive ? undefined : { opacity: 0.6 }}
          >
            <Table.Td>
              <Text size="sm" span>
                {term.name}
              </Text>
              {term.isDefault && (
                <Badge size="xs" variant="light" ml="xs">
                  {t('terms.default')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t('terms.daysValue', { count: term.daysUntilDue })}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{term.usage}</Text>
            </Table.Td>
            <Table.Td>
              <Switch
                aria-label={`${t('active')}: ${term.name}`}
                checked={term.isActive}
                disabled={!isEditable}
                onChange={(event) => void setActive(term, event.currentTarget.checked)}
              />
            </Table.Td>
            {isEditable && (
              <Table.Td>
                <EditDeleteActions
                  name={term.name}
                  editLabel={t('edit')}
                  deleteLabel={t('delete')}
                  onEdit={() => setEditing({ mode: 'edit', term })}
                  onDelete={() => void askDelete(term)}
                />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </AdminListCard>
      <CategoryDefaults terms={terms} isEditable={isEditable} />
      {editing && <PaymentTermDialog editing={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
};
