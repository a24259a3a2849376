import type { OutboxMailDto } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifySuccess, SectionHeader, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useMailOutbox, useResendMail } from './mail-outbox-api';

export const OUTBOX_PAGE_SIZE = 20;

/** The mailer's statuses (server platform/mail): without SMTP a mail stays in the outbox. */
const STATUS_COLOURS: Record<string, string> = {
  outbox: 'orange',
  queued: 'blue',
  sent: 'green',
  failed: 'red',
};

const MailStatusBadge = ({ status }: { status: string }) => {
  const { t } = useTranslation('admin');
  return (
    <Badge color={STATUS_COLOURS[status] ?? 'gray'} variant="light">
      {t(`outbox.status.${status}`, { defaultValue: status })}
    </Badge>
  );
};

/** A failed mail can be sent again: it is queued for the relay, which retries with back-off. */
const ResendButton = ({ mail }: { mail: OutboxMailDto }) => {
  const { t } = useTranslation('admin');
  const resend = useResendMail();
  return (
    <Group>
      <Button
        size="xs"
        leftSection={<IconSend size={16} />}
        loading={resend.isPending}
        onClick={() => resend.mutate(mail.id, { onSuccess: () => notifySuccess(t('outbox.resent')) })}
      >
        {t('outbox.resend')}
      </Button>
      {resend.isError && (
        <Text c="red" size="sm">
          {errorMessageOf(resend.error)}
        </Text>
      )}
    </Group>
  );
};

/** SPEC §7 mail: what Karm sent or could not send; reset links wait here when no relay is set up. */
export const MailOutbox = () => {
  const { t } = useTranslation('admin');
  const paging = usePagingTexts();
  const [page, setPage] = useState(1);
  const outbox = useMailOutbox({ page, pageSize: OUTBOX_PAGE_SIZE });

  return (
    <Stack gap="xs">
      <SectionHeader order={3} title={t('outbox.title')} description={t('outbox.description')} />
      {outbox.isError ? (
        <Alert color="red">{errorMessageOf(outbox.error)}</Alert>
      ) : (
        <DataTable<OutboxMailDto>
          withTableBorder
          borderRadius="sm"
          minHeight={outbox.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(outbox)}
          records={outbox.data?.items ?? []}
          totalRecords={outbox.data?.total ?? 0}
          recordsPerPage={OUTBOX_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('outbox.empty')}
          {...paging}
          rowExpansion={{
            content: ({ record }) => (
              <Stack gap="xs" p="sm">
                {record.error && (
                  <Alert color="red" variant="light" title={t('outbox.error')}>
                    {record.error}
                  </Alert>
                )}
                {record.status === 'failed' && <ResendButton mail={record} />}
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {record.text}
                </Text>
              </Stack>
            ),
          }}
          columns={[
            {
              accessor: 'createdAt',
              title: t('outbox.time'),
              width: 150,
              render: (mail) => formatDateTime(mail.createdAt),
            },
            { accessor: 'recipient', title: t('outbox.recipient') },
            { accessor: 'subject', title: t('outbox.subject'), ellipsis: true },
            {
              accessor: 'status',
              title: t('outbox.statusTitle'),
              width: 120,
              render: (mail) => <MailStatusBadge status={mail.status} />,
            },
          ]}
        />
      )}
    </Stack>
  );
};
