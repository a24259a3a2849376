import type { CustomerRelatedDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Alert, Anchor, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageOf } from '@/components';
import { useCustomerRelated } from '@/lib/api/customers';
import { useCan } from '@/lib/permissions';

/** Where a record opens: its list page with its dialog open. The app layer knows the routes. */
export type CustomerRecordLinks = {
  inquiryHref: (inquiryId: string) => string;
  offerHref: (offerId: string) => string;
  projectHref: (projectId: string) => string;
};

type RecordRow = { id: string; number: number; name: string; status: string; date: string; href: string };

type RecordKind = keyof CustomerRelatedDto;

const RecordTable = ({ kind, rows, total }: { kind: RecordKind; rows: RecordRow[]; total: number }) => {
  const { t } = useTranslation('customers');
  const headingId = `customer-${kind}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={4} size="h6" id={headingId} mb={4}>
        {t(`related.${kind}`)}{' '}
        <Badge variant="light" color="gray" size="sm" component="span">
          {total}
        </Badge>
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t(`related.${kind}Empty`)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4} fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('related.number')}</Table.Th>
                <Table.Th>{t('related.name')}</Table.Th>
                <Table.Th>{t('related.status')}</Table.Th>
                <Table.Th w={100}>{t(`related.${kind}Date`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td ff="monospace">{row.number}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={row.href} size="sm">
                      {row.name || t('related.unnamed')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.status}</Table.Td>
                  <Table.Td>{row.date}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > rows.length && (
        <Text c="dimmed" size="xs" mt={4}>
          {t('related.more', { shown: rows.length, total })}
        </Text>
      )}
    </section>
  );
};

/**
 * The customer's inquiries, offers and projects, newest first; each opens its record. Only the kinds
 * the person may open are shown (the server sends nothing of the others either).
 */
export const CustomerRelated = ({
  customerId,
  links,
}: {
  customerId: string;
  links: CustomerRecordLinks;
}) => {
  const { t } = useTranslation('customers');
  const related = useCustomerRelated(customerId);
  const mayReadInquiries = useCan('inquiries.read');
  const mayReadOffers = useCan('offers.read');
  const mayReadProjects = useCan('projects.read', 'projects.read-own');
  if (related.isPending) return <Loader size="sm" />;
  if (related.isError) {
    return (
      <Alert color="red" variant="light" title={t('related.loadFailed')}>
        {errorMessageOf(related.error)}
      </Alert>
    );
  }
  const { inquiries, offers, projects } = related.data;
  const archived = t('related.archived');
  return (
    <Stack gap="md">
      {mayReadInquiries && (
        <RecordTable
          kind="inquiries"
          total={inquiries.total}
          rows={inquiries.items.map((inquiry) => ({
            ...inquiry,
            status: inquiry.isArchived
              ? archived
              : inquiry.offerNumber !== null
                ? t('related.becameOffer', { number: inquiry.offerNumber })
                : t('related.open'),
            date: formatDate(inquiry.receivedDate),
            href: links.inquiryHref(inquiry.id),
          }))}
        />
      )}
      {mayReadOffers && (
        <RecordTable
          kind="offers"
          total={offers.total}
          rows={offers.items.map((offer) => ({
            ...offer,
            status: offer.isArchived
              ? archived
              : offer.projectNumber !== null
                ? t('related.becameProject', { number: offer.projectNumber })
                : (offer.status ?? t('related.noStatus')),
            date: formatDate(offer.createdAt),
            href: links.offerHref(offer.id),
          }))}
        />
      )}
      {mayReadProjects && (
        <RecordTable
          kind="projects"
          total={projects.total}
          rows={projects.items.map((project) => ({
            ...project,
            status: [t(`related.state.${project.state}`), project.isService ? t('related.service') : '']
              .filter(Boolean)
              .join(' · '),
            date: formatDate(project.deliveryDate),
            href: links.projectHref(project.id),
          }))}
        />
      )}
    </Stack>
  );
};
