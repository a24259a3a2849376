import { type Address, CUSTOMER_ARCHIVE_REASON_MAX, type CustomerDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  DataList,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddCustomerDialog,
  ArchiveReasonDialog,
  CreditBandBadge,
  CustomerArchivedBadge,
  CustomerSourceBadge,
  CustomerSyncBadge,
  errorMessageOf,
  notifyError,
  useRecordArchiving,
  useRecordQuestions,
} from '@/components';
import { useCollection } from '@/lib/api/collections';
import {
  fetchNewerCustomer,
  useArchiveCustomer,
  useCustomer,
  useUnarchiveCustomer,
} from '@/lib/api/customers';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { CustomerContacts } from './customer-contacts';
import { type CustomerRecordLinks, CustomerRelated } from './customer-related';

const addressLines = (address: Address | null) =>
  address
    ? [
        address.addressLine1,
        address.addressLine2,
        [address.postalCode, address.city].filter(Boolean).join(' '),
      ]
        .map((line) => line.trim())
        .filter(Boolean)
    : [];

const AddressText = ({ address, empty }: { address: Address | null; empty: string }) => {
  const lines = addressLines(address);
  if (lines.length === 0)
    return (
      <Text component="span" inherit c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Text component="span" inherit style={{ whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Text>
  );
};

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <DataList.Item>
    <DataList.ItemLabel>{label}</DataList.ItemLabel>
    <DataList.ItemValue>{children}</DataList.ItemValue>
  </DataList.Item>
);

const CustomerFields = ({ customer }: { customer: CustomerDto }) => {
  const { t } = useTranslation('customers');
  const { t: tBilling } = useTranslation('billing');
  const customerCategories = useCollection('customerCategory');
  const orDash = (value: string | number | null) =>
    value === null || value === '' ? t('details.notSet') : String(value);
  return (
    <DataList size="sm" labelWidth={170} gap={6}>
      <Item label={t('fields.customerNumber')}>{orDash(customer.customerNumber)}</Item>
      <Item label={t('fields.organizationNumber')}>{orDash(customer.organizationNumber)}</Item>
      <Item label={t('fields.isPrivateIndividual')}>
        {customer.isPrivateIndividual ? t('details.yes') : t('details.no')}
      </Item>
      <Item label={t('fields.category')}>{customerCategories.labelOf(customer.category)}</Item>
      <Item label={t('fields.email')}>{orDash(customer.email)}</Item>
      <Item label={t('fields.invoiceEmail')}>{orDash(customer.invoiceEmail)}</Item>
      <Item label={t('fields.phone')}>{orDash(customer.phoneNumber)}</Item>
      <Item label={t('fields.mobile')}>{orDash(customer.phoneNumberMobile)}</Item>
      <Item label={t('fields.invoiceSendMethod')}>
        {t(`invoiceSendMethod.${customer.invoiceSendMethod}`)}
      </Item>
      <Item label={t('fields.postalAddress')}>
        <AddressText address={customer.postalAddress} empty={t('address.none')} />
      </Item>
      {customer.physicalAddress && (
        <Item label={t('fields.physicalAddress')}>
          <AddressText address={customer.physicalAddress} empty={t('address.none')} />
        </Item>
      )}
      <Item label={tBilling('customerTerm.label')}>
        <span data-payment-term-of-customer>
          {customer.paymentTerm.name
            ? t('details.paymentTermValue', {
                name: customer.paymentTerm.name,
                days: tBilling('terms.daysValue', { count: customer.paymentTerm.daysUntilDue }),
                source: tBilling(`source.${customer.paymentTerm.source}`),
              })
            : t('details.paymentTermDaysOnly', {
                days: tBilling('terms.daysValue', { count: customer.paymentTerm.daysUntilDue }),
                source: tBilling(`source.${customer.paymentTerm.source}`),
              })}
        </span>
      </Item>
      {customer.creditScore && (
        <Item label={t('fields.creditScore')}>
          <Group gap="xs" wrap="nowrap">
            <span>
              {t('details.creditScoreValue', {
                score: customer.creditScore.score,
                source: customer.creditScore.source,
                date: formatDate(customer.creditScore.date),
              })}
            </span>
            <CreditBandBadge score={customer.creditScore.score} />
          </Group>
        </Item>
      )}
      {customer.accountingId && <Item label={t('fields.accountingId')}>{customer.accountingId}</Item>}
      <Item label={t('fields.updatedAt')}>{formatDate(customer.updatedAt)}</Item>
    </DataList>
  );
};

/** Who archived the customer, when and why; or that the accounting system has it inactive. */
const ArchivedNotice = ({ customer }: { customer: CustomerDto }) => {
  const { t } = useTranslation('customers');
  const { archive } = customer;
  return (
    <Alert color="gray" variant="light" icon={<IconArchive size={18} />} title={t('archive.archivedTitle')}>
      {archive ? (
        <Stack gap={2}>
          <Text size="sm">
            {t('archive.archivedBy', { name: archive.by.displayName, date: formatDate(archive.at) })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {t('archive.reasonShown', { reason: archive.reason })}
          </Text>
        </Stack>
      ) : (
        <Text size="sm">{t('archive.inactiveInAccounting')}</Text>
      )}
    </Alert>
  );
};

/** Edit, archive and unarchive, as the panel's header buttons (for whoever may change customers). */
const CustomerActions = ({ customer }: { customer: CustomerDto }) => {
  const { t } = useTranslation('customers');
  const queryClient = useQueryClient();
  const questions = useRecordQuestions('customers');
  const archiveCustomer = useArchiveCustomer();
  const unarchiveCustomer = useUnarchiveCustomer();
  const [isEditing, setEditing] = useState(false);
  const archiving = useRecordArchiving({
    namespace: 'customers',
    record: customer,
    isArchived: (saved) => saved.isInactive,
    archive: (saved, reason) => archiveCustomer.mutateAsync({ customer: saved, reason }),
    unarchive: (saved) => unarchiveCustomer.mutateAsync(saved),
    // The caches hold the answer already (the mutations store it).
    onChanged: () => {},
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        if (await questions.wantsNewerVersion()) await fetchNewerCustomer(queryClient, customer.id);
      } else notifyError(error);
    },
    maxLength: CUSTOMER_ARCHIVE_REASON_MAX,
  });
  return (
    <>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={16} />}
          onClick={() => setEditing(true)}
        >
          {t('edit.action')}
        </Button>
        {/* Archive asks why first; Unarchive acts at once. */}
        <Button
          size="xs"
          variant="default"
          leftSection={customer.isInactive ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          loading={unarchiveCustomer.isPending}
          onClick={() => void (archiving.onUnarchive ?? archiving.onArchive)?.()}
        >
          {customer.isInactive ? t('archive.unarchiveAction') : t('archive.action')}
        </Button>
      </Group>
      <ArchiveReasonDialog {...archiving.reasonDialog} />
      <AddCustomerDialog opened={isEditing} onClose={() => setEditing(false)} customer={customer} />
    </>
  );
};

export type CustomerDetailsProps = { customerId: string; onClose: () => void; links: CustomerRecordLinks };

/**
 * Everything about one customer: its fields, edit and archive actions, contacts, and its inquiries,
 * offers and projects. Kept fresh by the customer pushes.
 */
export const CustomerDetails = ({ customerId, onClose, links }: CustomerDetailsProps) => {
  const { t } = useTranslation('customers');
  const customer = useCustomer(customerId);
  const mayChange = useCan('customers.write');
  const mayReadRecords = useCan('inquiries.read', 'offers.read', 'projects.read', 'projects.read-own');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('details.title')}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" data-testid="customer-details-name">
              {customer.data?.name ?? t('details.title')}
            </Title>
            {customer.data && (
              <Group gap="xs">
                <CustomerSourceBadge source={customer.data.source} />
                <CustomerSyncBadge status={customer.data.syncStatus} error={customer.data.syncError} />
                {customer.data.isInactive && <CustomerArchivedBadge />}
              </Group>
            )}
          </Stack>
          <ActionIcon variant="subtle" color="gray" aria-label={t('details.close')} onClick={onClose}>
            <IconX size={18} />
          </ActionIcon>
        </Group>
        {customer.isPending ? (
          <Loader size="sm" />
        ) : customer.isError ? (
          <Alert color="red" variant="light" title={t('details.loadFailed')}>
            {errorMessageOf(customer.error)}
          </Alert>
        ) : (
          <>
            {mayChange && <CustomerActions customer={customer.data} />}
            {customer.data.isInactive && <ArchivedNotice customer={customer.data} />}
            <CustomerFields customer={customer.data} />
            <Divider />
            <CustomerContacts customer={customer.data} />
            {mayReadRecords && (
              <>
                <Divider />
                <CustomerRelated customerId={customer.data.id} links={links} />
              </>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
};
