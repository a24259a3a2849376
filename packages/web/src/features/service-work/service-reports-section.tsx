import type { ServiceReportDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconEye, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert, notifyError, PdfViewerDialog } from '@/components';
import { downloadThroughLink, useDownloadLink } from '@/lib/download-links';
import { useCan } from '@/lib/permissions';
import { ServiceReportDialog } from './service-report-dialog';
import { useServiceReportPushes, useServiceReports } from './service-reports-api';

const ReportViewer = ({ report, onClose }: { report: ServiceReportDto; onClose: () => void }) => {
  const url = useDownloadLink({ kind: 'service-report-pdf', id: report.id }, notifyError);
  return <PdfViewerDialog opened onClose={onClose} fileName={report.fileName} url={url} />;
};

/**
 * "Service reports" of a service project (issue 19): the reports made so far, newest first, each to
 * open or download, and — for whoever does service work — the button that makes the visit's report.
 */
export const ServiceReportsSection = ({ projectId }: { projectId: string }) => {
  const { t } = useTranslation('serviceWork');
  const mayWork = useCan('service.work');
  const [page, setPage] = useState(1);
  const reports = useServiceReports(projectId, page);
  const [isMaking, setMaking] = useState(false);
  const [shown, setShown] = useState<ServiceReportDto | null>(null);
  useServiceReportPushes();
  const download = (report: ServiceReportDto) =>
    void downloadThroughLink(
      { kind: 'service-report-pdf', id: report.id, download: true },
      report.fileName,
    ).catch(notifyError);
  const data = reports.data;
  return (
    <Paper withBorder p="sm" radius="md" mt="md" aria-labelledby="service-reports-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="service-reports-title">
            {t('reports.title')}
          </Title>
          {mayWork && (
            <Button leftSection={<IconFileText size={16} />} onClick={() => setMaking(true)}>
              {t('reports.make')}
            </Button>
          )}
        </Group>
        {reports.isError ? (
          <LoadFailedAlert
            title={t('loadFailed')}
            retryLabel={t('actions.retry')}
            error={reports.error}
            onRetry={() => void reports.refetch()}
          />
        ) : !data ? (
          <Loader size="sm" />
        ) : data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('reports.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped verticalSpacing={4} aria-label={t('reports.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.number')}</Table.Th>
                  <Table.Th>{t('reports.visitDate')}</Table.Th>
                  <Table.Th>{t('reports.technician')}</Table.Th>
                  <Table.Th ta="right">{t('reports.items')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((report) => (
                  <Table.Tr key={report.id} data-testid="service-report">
                    <Table.Td>{report.number}</Table.Td>
                    <Table.Td>{formatDate(report.visitDate)}</Table.Td>
                    <Table.Td>{report.technicianName}</Table.Td>
                    <Table.Td ta="right">{report.itemCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('reports.open')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t('reports.open')}: ${report.fileName}`}
                            onClick={() => setShown(report)}
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('reports.download')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t('reports.download')}: ${report.fileName}`}
                            onClick={() => download(report)}
                          >
                            <IconDownload size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && data.total > data.pageSize && (
          <Pagination
            total={Math.ceil(data.total / data.pageSize)}
            value={page}
            onChange={setPage}
            size="sm"
          />
        )}
      </Stack>
      {isMaking && <ServiceReportDialog projectId={projectId} onClose={() => setMaking(false)} />}
      {shown && <ReportViewer report={shown} onClose={() => setShown(null)} />}
    </Paper>
  );
};
