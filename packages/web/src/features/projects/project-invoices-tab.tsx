import type { InvoiceConfirmationDto, OrderSquareDto, ProcessColumnDto } from '@karm/domain/contract';
import { formatDate, formatNok, INVOICE_STATUS_CODES } from '@karm/domain/rules';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconFileInvoice, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, LoadFailedAlert, MoneyInput, notifySaving } from '@/components';
import {
  useAttachPurchaseOrder,
  useCreateInvoice,
  useCreditInvoice,
  useProjectInvoices,
  useUpdateInvoice,
} from '@/lib/api/invoices';
import { useCan } from '@/lib/permissions';
import { useIsPhone } from '@/lib/use-is-phone';
import { InvoicePlanEditor } from './invoice-plan-editor';
import { InvoiceSquare } from './invoice-squares';
import { ProjectHours } from './project-hours';

type Invoice = NonNullable<OrderSquareDto['invoice']>;
type Action =
  | { kind: 'credit'; invoice: Invoice }
  | { kind: 'payment'; invoice: Invoice }
  | { kind: 'plan'; plan: InvoiceConfirmationDto | null }
  | null;

/** When a part falls due, in words: on order, on a date, at delivery, or when a process step is done. */
const useDueText = (columns: ProcessColumnDto[]) => {
  const { t, i18n } = useTranslation('projects');
  return (square: OrderSquareDto) => {
    switch (square.due.kind) {
      case 'onOrder':
        return t('invoices.due.onOrder');
      case 'atDelivery':
        return t('invoices.due.atDelivery');
      case 'onDate':
        return t('invoices.due.onDate', { date: formatDate(square.due.date) });
      case 'processColumnCompleted': {
        const { columnId } = square.due;
        const column = columns.find((candidate) => candidate.id === columnId);
        const name = column ? (i18n.language === 'nb' ? column.nameNo : column.nameEn) : '';
        return t('invoices.due.processColumn', { column: name });
      }
    }
  };
};

/** Credits an invoice: the reason is asked for and kept (a credit note in the accounting system). */
const CreditDialog = ({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) => {
  const { t } = useTranslation('projects');
  const credit = useCreditInvoice();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const save = async () => {
    if (reason.trim() === '') {
      setError(t('validation:required'));
      return;
    }
    const isSaved = await notifySaving(
      () => credit.mutateAsync({ id: invoice.id, version: invoice.version, reason: reason.trim() }),
      t('invoices.credited'),
    );
    if (isSaved) onClose();
  };
  return (
    <AppDialog
      opened
      size="sm"
      title={t('invoices.creditTitle', { number: invoice.number ?? '' })}
      onClose={onClose}
      onCancel={onClose}
      onSave={save}
      saving={credit.isPending}
    >
      <Stack gap="sm">
        <Text size="sm">{t('invoices.creditExplained')}</Text>
        <Textarea
          label={t('invoices.creditReason')}
          withAsterisk
          data-autofocus
          maxLength={500}
          value={reason}
          error={error}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </Stack>
    </AppDialog>
  );
};

/** Registers a payment on Karm's own invoice (a company without an accounting system). */
const PaymentDialog = ({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) => {
  const { t } = useTranslation('projects');
  const update = useUpdateInvoice();
  const [amount, setAmount] = useState(invoice.amountOutstanding);
  const save = async () => {
    const isSaved = await notifySaving(
      () =>
        update.mutateAsync({ id: invoice.id, version: invoice.version, changes: { paymentAmount: amount } }),
      t('invoices.paymentSaved'),
    );
    if (isSaved) onClose();
  };
  return (
    <AppDialog
      opened
      size="sm"
      title={t('invoices.paymentTitle', { number: invoice.number ?? '' })}
      onClose={onClose}
      onCancel={onClose}
      onSave={save}
      saving={update.isPending}
    >
      <Stack gap="sm">
        <Text size="sm">{t('invoices.outstanding', { amount: formatNok(invoice.amountOutstanding) })}</Text>
        <MoneyInput label={t('invoices.paymentAmount')} data-autofocus value={amount} onChange={setAmount} />
      </Stack>
    </AppDialog>
  );
};

/** One confirmation with its order squares and, for administrators, what they can do with each. */
const ConfirmationSquares = ({
  order,
  columns,
  onAction,
}: {
  order: InvoiceConfirmationDto;
  columns: ProcessColumnDto[];
  onAction: (action: Action) => void;
}) => {
  const { t } = useTranslation('projects');
  const mayInvoice = useCan('invoices.write');
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const attach = useAttachPurchaseOrder();
  const dueText = useDueText(columns);
  const isPhone = useIsPhone();
  const [creating, setCreating] = useState<string | null>(null);
  const isPlan = order.confirmationKind === 'invoicePlan';

  const invoicePart = async (square: OrderSquareDto) => {
    setCreating(square.paymentRuleId);
    // One key per click: a double click makes one invoice (the server refuses the second).
    await notifySaving(
      () =>
        create.mutateAsync({
          confirmationId: order.confirmationId,
          paymentRuleId: square.paymentRuleId,
          requestId: crypto.randomUUID(),
        }),
      t('invoices.created'),
    );
    setCreating(null);
  };
  const markSent = (invoice: Invoice) =>
    notifySaving(
      () => update.mutateAsync({ id: invoice.id, version: invoice.version, changes: { isSent: true } }),
      t('invoices.markedSent'),
    );
  const attachOrder = async (invoice: Invoice, file: File | null) => {
    if (!file) return;
    await notifySaving(
      () => attach.mutateAsync({ invoiceId: invoice.id, file }),
      t('invoices.orderAttached'),
    );
  };

  /** What the square's invoice is: number and status, due date and what is outstanding, sync state. */
  const invoiceText = (square: OrderSquareDto) => {
    const { invoice } = square;
    if (!invoice)
      return (
        <Text size="sm" c="dimmed">
          {t('invoiceSquares.status.1')}
        </Text>
      );
    return (
      <Stack gap={0}>
        <Text size="sm">
          {invoice.number !== null
            ? t('invoiceSquares.invoice', { number: invoice.number })
            : t('invoices.awaitingNumber')}
          {' · '}
          {t(`invoiceSquares.status.${square.status}`)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('invoices.dueAndOutstanding', {
            date: formatDate(invoice.dueDate),
            amount: formatNok(invoice.amountOutstanding),
          })}
        </Text>
        {invoice.syncStatus === 'pending' && (
          <Text size="xs" c="yellow.8">
            {t('invoices.pendingSync')}
          </Text>
        )}
        {invoice.syncStatus === 'failed' && (
          <Tooltip label={invoice.syncError ?? ''} multiline maw={320}>
            <Text size="xs" c="red">
              {t('invoices.syncFailed')}
            </Text>
          </Tooltip>
        )}
      </Stack>
    );
  };

  /** When the part falls due, with "ready to invoice" once it has and has no invoice yet. */
  const dueCell = (square: OrderSquareDto) => (
    <Group gap={6} wrap="wrap">
      <Text size="sm">{dueText(square)}</Text>
      {square.isDue && square.status === INVOICE_STATUS_CODES.noInvoice && (
        <Badge size="xs" color="orange" variant="light">
          {t('invoices.readyToInvoice')}
        </Badge>
      )}
    </Group>
  );

  /** What an administrator can do with the square: invoice it, or handle its invoice. */
  const actions = (square: OrderSquareDto, justify: 'flex-end' | 'flex-start') => {
    const { invoice } = square;
    const isLocal = invoice?.syncStatus === 'local';
    return (
      <Group gap={4} justify={justify} wrap="wrap">
        {!invoice && (
          <Button
            size="xs"
            leftSection={<IconFileInvoice size={14} />}
            loading={creating === square.paymentRuleId}
            disabled={creating !== null}
            onClick={() => void invoicePart(square)}
          >
            {t('invoices.create')}
          </Button>
        )}
        {invoice && isLocal && square.status === INVOICE_STATUS_CODES.notSent && (
          <Button size="xs" variant="light" onClick={() => void markSent(invoice)}>
            {t('invoices.markSent')}
          </Button>
        )}
        {invoice && isLocal && invoice.amountOutstanding > 0 && (
          <Button size="xs" variant="light" onClick={() => onAction({ kind: 'payment', invoice })}>
            {t('invoices.registerPayment')}
          </Button>
        )}
        {invoice && (
          <FileButton onChange={(file) => void attachOrder(invoice, file)} accept="application/pdf,image/*">
            {(props) => (
              <Button size="xs" variant="subtle" {...props}>
                {t('invoices.attachOrder')}
              </Button>
            )}
          </FileButton>
        )}
        {invoice && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onAction({ kind: 'credit', invoice })}
          >
            {t('invoices.credit')}
          </Button>
        )}
      </Group>
    );
  };

  const square = (item: OrderSquareDto) => (
    <InvoiceSquare status={item.status} label={t(`invoiceSquares.status.${item.status}`)} />
  );
  const amount = (item: OrderSquareDto) => (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatNok(item.amount)}
    </Text>
  );

  return (
    <Card
      withBorder
      padding="sm"
      {...(isPlan
        ? { 'data-invoice-plan': order.confirmationNumber }
        : { 'data-confirmation': order.confirmationNumber })}
    >
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={5}>
          {t(isPlan ? 'invoicePlan.title' : 'invoices.confirmationTitle', {
            number: order.confirmationNumber,
            date: formatDate(order.date),
          })}
        </Title>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('invoices.total', { amount: formatNok(order.total) })}
          </Text>
          {isPlan && mayInvoice && !order.isInvoiced && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={14} />}
              onClick={() => onAction({ kind: 'plan', plan: order })}
            >
              {t('invoicePlan.edit')}
            </Button>
          )}
        </Group>
      </Group>
      {isPlan && mayInvoice && order.isInvoiced && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('invoicePlan.invoicedNote')}
        </Text>
      )}
      {isPhone ? (
        // On a phone each part is a block of its own: a table of five columns would scroll sideways.
        <Stack gap="xs">
          {order.squares.map((item) => (
            <Paper key={item.paymentRuleId} withBorder p="xs" data-square={item.position}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {square(item)}
                  <Text size="sm" fw={500}>
                    {item.description}
                  </Text>
                </Group>
                {amount(item)}
              </Group>
              <Stack gap={4} mt={4} pl={28}>
                {dueCell(item)}
                {invoiceText(item)}
                {mayInvoice && actions(item, 'flex-start')}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={mayInvoice ? 860 : 620}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36} />
                <Table.Th miw={120}>{t('invoices.part')}</Table.Th>
                <Table.Th miw={120}>{t('invoices.due.title')}</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t('invoices.amount')}
                </Table.Th>
                <Table.Th miw={220}>{t('invoices.invoice')}</Table.Th>
                {mayInvoice && <Table.Th miw={260} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.squares.map((item) => (
                <Table.Tr key={item.paymentRuleId} data-square={item.position}>
                  <Table.Td>{square(item)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.description}</Text>
                  </Table.Td>
                  <Table.Td>{dueCell(item)}</Table.Td>
                  <Table.Td ta="right">{amount(item)}</Table.Td>
                  <Table.Td>{invoiceText(item)}</Table.Td>
                  {mayInvoice && <Table.Td>{actions(item, 'flex-end')}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
};

/**
 * The project dialog's invoices (SPEC §2 "invoice edit and hours", §3 invoices by order): each
 * confirmation's order squares with their invoices; administrators invoice a square in one click,
 * credit an invoice, and — without an accounting system — mark it sent and register payments.
 */
export const ProjectInvoicesTab = ({
  projectId,
  offerId,
  ordersTotalExVat,
  columns,
  plannedHours,
}: {
  projectId: string;
  /** The offer the project was made from: its hours are the ones sold. */
  offerId: string | null;
  /** The project's order lines total ex. VAT (øre): what its own invoice plan is split over. */
  ordersTotalExVat: number;
  columns: ProcessColumnDto[];
  plannedHours: { production: number; installation: number };
}) => {
  const { t } = useTranslation('projects');
  const mayInvoice = useCan('invoices.write');
  const invoices = useProjectInvoices(projectId);
  const [action, setAction] = useState<Action>(null);
  if (invoices.isPending) return <Loader size="sm" aria-label={t('invoices.loading')} />;
  if (invoices.isError)
    return (
      <LoadFailedAlert
        title={t('invoices.loadFailed')}
        error={invoices.error}
        retryLabel={t('invoices.retry')}
        onRetry={() => void invoices.refetch()}
      />
    );
  const hasInvoice = invoices.data.some((order) => order.squares.some((square) => square.invoice));
  const hasPlan = invoices.data.some((order) => order.confirmationKind === 'invoicePlan');
  return (
    <Stack gap="md" data-project-invoices>
      <ProjectHours offerId={offerId} planned={plannedHours} />
      {!hasInvoice && (
        <Alert variant="light" color={mayInvoice ? 'blue' : 'yellow'} icon={<IconInfoCircle size={18} />}>
          {mayInvoice && invoices.data.length === 0
            ? t('invoices.noConfirmation')
            : t('validation:noInvoiceYet')}
        </Alert>
      )}
      {invoices.data.map((order) => (
        <ConfirmationSquares
          key={order.confirmationId}
          order={order}
          columns={columns}
          onAction={setAction}
        />
      ))}
      {mayInvoice && !hasPlan && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setAction({ kind: 'plan', plan: null })}
          >
            {t('invoicePlan.add')}
          </Button>
        </Group>
      )}
      {action?.kind === 'plan' && (
        <InvoicePlanEditor
          projectId={projectId}
          plan={action.plan}
          totalExVat={ordersTotalExVat}
          columns={columns}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'credit' && <CreditDialog invoice={action.invoice} onClose={() => setAction(null)} />}
      {action?.kind === 'payment' && (
        <PaymentDialog invoice={action.invoice} onClose={() => setAction(null)} />
      )}
    </Stack>
  );
};
