import type {
  ConfirmationDto,
  ConfirmationEntityType,
  PaymentPlanPart,
  PaymentRule,
} from '@karm/domain/contract';
import { formatDate, formatNok } from '@karm/domain/rules';
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconFileTypePdf, IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useConfirmations,
  useDeleteConfirmation,
  usePaymentRuleTemplates,
  useUpdateConfirmation,
} from '@/lib/api/confirmations';
import { useProcessColumns } from '@/lib/api/processes';
import { useDownloadLink } from '@/lib/download-links';
import { useConfirm } from '../confirm-action/confirm-provider';
import { LoadFailedAlert } from '../load-failed/load-failed-alert';
import { notifyError, notifySuccess } from '../notify/notify';
import { PdfViewerDialog } from '../pdf-viewer/pdf-viewer-dialog';
import { useDocumentLanguage } from '../pdf-viewer/use-document-language';
import { ConfirmationEditor } from './confirmation-editor';
import { dueText, formatShare } from './confirmation-texts';
import { ConfirmationTotals } from './confirmation-totals';

export type ConfirmationsPanelProps = {
  entityType: ConfirmationEntityType;
  entityId: string;
  /** Shown, not changed: no new, edit, refresh or delete. */
  readOnly: boolean;
  /** The offer's or project's lines total ex. VAT (øre), for the split a new confirmation shows. */
  totalExVat: number;
  /** The offer's own payment plan (percentages), offered as a start beside the templates. */
  ownPlan?: readonly PaymentPlanPart[];
};

/** The offer's plan as payment rules: its percentages in basis points, due on order. */
const toPaymentRules = (plan: readonly PaymentPlanPart[]): PaymentRule[] =>
  plan.map((part) => ({
    description: part.description,
    share: { type: 'percent', basisPoints: Math.round(part.percent * 100) },
    due: { kind: 'onOrder' },
  }));

type Editing = { confirmation: ConfirmationDto | null };

/**
 * The order confirmations of one offer or project (issue 13): each with its totals and payment
 * plan, made and changed in `ConfirmationEditor`, shown as PDF in the app's viewer. An offer lists
 * also those that moved to its project; those are changed from the project.
 */
export const ConfirmationsPanel = ({
  entityType,
  entityId,
  readOnly,
  totalExVat,
  ownPlan = [],
}: ConfirmationsPanelProps) => {
  const { t, i18n } = useTranslation('confirmations');
  const confirm = useConfirm();
  const confirmations = useConfirmations(entityType, entityId);
  const templates = usePaymentRuleTemplates({ enabled: !readOnly });
  const columns = useProcessColumns();
  const updateConfirmation = useUpdateConfirmation();
  const deleteConfirmation = useDeleteConfirmation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [pdfOf, setPdfOf] = useState<ConfirmationDto | null>(null);
  const pdfLanguage = useDocumentLanguage();
  const pdfUrl = useDownloadLink(
    pdfOf ? { kind: 'confirmation-pdf', id: pdfOf.id, locale: pdfLanguage.requested } : null,
    (error) => {
      setPdfOf(null);
      notifyError(error);
    },
  );

  const mayChange = (confirmation: ConfirmationDto) =>
    !readOnly && confirmation.entityType === entityType && !confirmation.isInvoiced;

  const remove = async (confirmation: ConfirmationDto) => {
    const isConfirmed = await confirm({
      title: t('delete.title'),
      message: t('delete.message', { number: confirmation.number }),
      confirmLabel: t('delete.confirm'),
    });
    if (!isConfirmed) return;
    try {
      await deleteConfirmation.mutateAsync(confirmation.id);
      notifySuccess(t('toast.deleted', { number: confirmation.number }));
    } catch (error) {
      notifyError(error);
    }
  };

  const refreshLines = async (confirmation: ConfirmationDto) => {
    const isConfirmed = await confirm({
      title: t('refresh.title'),
      message: t('refresh.message', { number: confirmation.number }),
      confirmLabel: t('refresh.confirm'),
      color: 'blue',
    });
    if (!isConfirmed) return;
    try {
      await updateConfirmation.mutateAsync({
        id: confirmation.id,
        version: confirmation.version,
        refreshLines: true,
      });
      notifySuccess(t('toast.refreshed', { number: confirmation.number }));
    } catch (error) {
      notifyError(error);
    }
  };

  if (confirmations.isPending) return <Loader size="sm" aria-label={t('panel.loading')} />;
  if (confirmations.isError)
    return (
      <LoadFailedAlert
        title={t('panel.loadFailed')}
        error={confirmations.error}
        retryLabel={t('panel.retry')}
        onRetry={() => void confirmations.refetch()}
      />
    );

  return (
    <Stack gap="sm" data-confirmations-panel>
      {!readOnly && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ confirmation: null })}
            disabled={templates.isPending && ownPlan.length === 0}
          >
            {t('panel.new')}
          </Button>
        </Group>
      )}
      {confirmations.data.length === 0 && <Text c="dimmed">{t('panel.empty')}</Text>}
      {confirmations.data.map((confirmation) => (
        <Paper key={confirmation.id} withBorder p="sm" data-confirmation={confirmation.number}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Text fw={600}>{t('panel.title', { number: confirmation.number })}</Text>
                <Text size="sm" c="dimmed">
                  {formatDate(confirmation.date)} · {confirmation.customerName || t('panel.noCustomer')}
                </Text>
                {confirmation.isInvoiced && (
                  <Badge color="green" variant="light">
                    {t('panel.invoiced')}
                  </Badge>
                )}
                {confirmation.entityType !== entityType && (
                  <Badge variant="light">{t('panel.ofProject')}</Badge>
                )}
              </Group>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconFileTypePdf size={14} />}
                  onClick={() => setPdfOf(confirmation)}
                >
                  {t('panel.showPdf')}
                </Button>
                {mayChange(confirmation) && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => void refreshLines(confirmation)}
                  >
                    {t('panel.refreshLines')}
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing({ confirmation })}
                >
                  {mayChange(confirmation) ? t('panel.edit') : t('panel.view')}
                </Button>
                {!readOnly && confirmation.entityType === entityType && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => void remove(confirmation)}
                  >
                    {t('panel.delete')}
                  </Button>
                )}
              </Group>
            </Group>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('parts.description')}</Table.Th>
                    <Table.Th>{t('parts.share')}</Table.Th>
                    <Table.Th>{t('parts.due')}</Table.Th>
                    <Table.Th ta="right">{t('parts.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {confirmation.paymentRules.map((rule) => (
                    <Table.Tr key={rule.id} data-rule-amount={rule.amount}>
                      <Table.Td>
                        {rule.description}
                        {rule.invoiceId && (
                          <Badge ml="xs" size="xs" color="green" variant="light">
                            {t('panel.invoiced')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{formatShare(rule.share)}</Table.Td>
                      <Table.Td>{dueText(t, rule.due, columns.data, i18n.language)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatNok(rule.amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ConfirmationTotals totals={confirmation} />
          </Stack>
        </Paper>
      ))}
      <ConfirmationEditor
        opened={editing !== null}
        onClose={() => setEditing(null)}
        entityType={entityType}
        entityId={entityId}
        confirmation={editing?.confirmation ?? null}
        totalExVat={totalExVat}
        templates={templates.data ?? []}
        ownPlan={toPaymentRules(ownPlan)}
        columns={columns.data ?? []}
        readOnly={editing?.confirmation ? !mayChange(editing.confirmation) : readOnly}
      />
      {pdfOf && (
        <PdfViewerDialog
          opened
          onClose={() => setPdfOf(null)}
          fileName={t('pdf.fileName', { number: pdfOf.number })}
          url={pdfUrl}
          language={pdfLanguage.language}
        />
      )}
    </Stack>
  );
};
