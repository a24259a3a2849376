import type { Address, CustomerDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { ActionIcon, Alert, Card, DataList, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerSourceBadge, CustomerSyncBadge, errorMessageOf } from '@/components';
import { useCustomer } from '@/lib/api/customers';
import { CustomerContacts } from './customer-contacts';

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
  const orDash = (value: string | number | null) =>
    value === null || value === '' ? t('details.notSet') : String(value);
  return (
    <DataList size="sm" labelWidth={170} gap={6}>
      <Item label={t('fields.customerNumber')}>{orDash(customer.customerNumber)}</Item>
      <Item label={t('fields.organizationNumber')}>{orDash(customer.organizationNumber)}</Item>
      <Item label={t('fields.isPrivateIndividual')}>
        {customer.isPrivateIndividual ? t('details.yes') : t('details.no')}
      </Item>
      <Item label={t('fields.category')}>{t(`category.${customer.category}`)}</Item>
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
      {customer.creditScore && (
        <Item label={t('fields.creditScore')}>
          {t('details.creditScoreValue', {
            score: customer.creditScore.score,
            source: customer.creditScore.source,
            date: formatDate(customer.creditScore.date),
          })}
        </Item>
      )}
      {customer.accountingId && <Item label={t('fields.accountingId')}>{customer.accountingId}</Item>}
      <Item label={t('fields.updatedAt')}>{formatDate(customer.updatedAt)}</Item>
    </DataList>
  );
};

export type CustomerDetailsProps = { customerId: string; onClose: () => void };

/** Everything about one customer, and its contacts. Kept fresh by the customer pushes. */
export const CustomerDetails = ({ customerId, onClose }: CustomerDetailsProps) => {
  const { t } = useTranslation('customers');
  const customer = useCustomer(customerId);
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
            <CustomerFields customer={customer.data} />
            <Divider />
            <CustomerContacts customer={customer.data} />
          </>
        )}
      </Stack>
    </Card>
  );
};
