import { type OfferDto, offerFieldsSchema, type PaymentPlanPart } from '@karm/domain/contract';
import { linesTotals } from '@karm/domain/rules';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppDialog,
  ArchiveReasonDialog,
  ConfirmationsPanel,
  errorMessageOf,
  type LineDraft,
  newLine,
  notifyError,
  notifySuccess,
  OrderLinesTable,
  PdfViewerDialog,
  PrintLink,
  ReadOnlyFieldset,
  toLineDrafts,
  toLineInputs,
  useConfirm,
  useDocumentLanguage,
  useRecordArchiving,
  useRecordQuestions,
} from '@/components';
import { useConfirmations } from '@/lib/api/confirmations';
import {
  useArchiveOffer,
  useConvertOffer,
  useCreateOffer,
  useOffer,
  useOfferConfig,
  useUnarchiveOffer,
  useUpdateOffer,
} from '@/lib/api/offers';
import { useDownloadLink } from '@/lib/download-links';
import { applyServerFieldErrors } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { OfferFieldsTab } from './offer-fields-tab';
import { changedFields, newOfferValues, toFormValues, useOfferForm } from './offer-form';
import { OfferHistoryTab } from './offer-side-tabs';
import { OfferVatTotals } from './offer-vat-totals';
import { PaymentPlanTab } from './payment-plan-tab';

export type OfferDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The offer to open; null or left out for a new offer. */
  offerId?: string | null;
  /** Buttons beside "Add line" on the lines tab; `addLine` appends a line (the price calculator's entry point). */
  renderLineActions?: (addLine: (line: Partial<Omit<LineDraft, 'key'>>) => void) => ReactNode;
  /** Opens the project an offer was converted to (the app composes the project dialog). */
  onOpenProject?: (projectId: string) => void;
  /** The saved offer's print sheet (`/print`); without it there is no Print button. */
  printHref?: (offerId: string) => string;
};

const TABS = ['offer', 'lines', 'paymentPlan', 'confirmations', 'history'] as const;
type Tab = (typeof TABS)[number];

const isStaleVersion = (error: unknown) =>
  error instanceof ApiError &&
  error.code === 'CONFLICT' &&
  (error.details as { currentVersion?: number } | undefined)?.currentVersion !== undefined;

/**
 * SPEC §2 "offer add or edit": fields, lines, payment plan, confirmations and history. Without
 * offers.write the offer is shown read only (its PDF still opens); converting it to a project needs
 * projects.write, and opening that project a permission to read projects.
 */
export const OfferDialog = ({ opened, ...props }: OfferDialogProps) =>
  opened ? <OfferDialogWindow key={props.offerId ?? 'new'} {...props} /> : null;

const OfferDialogWindow = ({
  onClose,
  offerId: openedId,
  renderLineActions,
  onOpenProject,
  printHref,
}: Omit<OfferDialogProps, 'opened'>) => {
  const { t } = useTranslation('offers');
  const confirm = useConfirm();
  const questions = useRecordQuestions('offers');
  const [offerId, setOfferId] = useState(openedId ?? null);
  const detail = useOffer(offerId);
  const confirmations = useConfirmations('offer', offerId);
  const config = useOfferConfig();
  const [saved, setSaved] = useState<OfferDto | null>(null);
  const [savedLinesJson, setSavedLinesJson] = useState('[]');
  const [lines, setLines] = useState<LineDraft[]>([]);
  const form = useOfferForm(newOfferValues());
  const [tab, setTab] = useState<Tab>('offer');
  const [isShowingPdf, setShowingPdf] = useState(false);
  const createOffer = useCreateOffer();
  const updateOffer = useUpdateOffer();
  const archiveOffer = useArchiveOffer();
  const unarchiveOffer = useUnarchiveOffer();
  const convertOffer = useConvertOffer();
  const isReadOnly = !useCan('offers.write');
  const mayConvert = useCan('projects.write');
  const mayOpenProjects = useCan('projects.read', 'projects.read-own');

  const adopt = (offer: OfferDto, savedLines: LineDraft[]) => {
    const values = toFormValues(offer);
    setSaved(offer);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setLines(savedLines);
    setSavedLinesJson(JSON.stringify(toLineInputs(savedLines)));
  };

  // The first answer fetched for this opening becomes the form; later ones (pushes) never overwrite edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopt is recreated every render
  useEffect(() => {
    if (saved === null && detail.data && detail.isFetchedAfterMount) {
      adopt(detail.data.offer, toLineDrafts(detail.data.lines));
    }
  }, [saved, detail.data, detail.isFetchedAfterMount]);

  const isNew = offerId === null;
  const isLoading = !isNew && saved === null;
  const areLinesChanged = JSON.stringify(toLineInputs(lines)) !== savedLinesJson;
  const isDirty = saved
    ? Object.keys(changedFields(saved, form.values)).length > 0 || areLinesChanged
    : form.isDirty();
  const totals = linesTotals(lines);

  const retrieveNewer = async () => {
    const fresh = await detail.refetch();
    if (fresh.data) adopt(fresh.data.offer, toLineDrafts(fresh.data.lines));
  };

  const fail = async (error: unknown) => {
    if (isStaleVersion(error)) {
      if (await questions.wantsNewerVersion()) await retrieveNewer();
    } else if (applyServerFieldErrors(form, error)) {
      setTab(
        Object.keys(form.errors).some((field) => field.startsWith('paymentPlan')) ? 'paymentPlan' : 'offer',
      );
    } else notifyError(error);
  };

  const save = async () => {
    const validation = form.validate();
    if (validation.hasErrors) {
      setTab(
        Object.keys(validation.errors).some((field) => field.startsWith('paymentPlan'))
          ? 'paymentPlan'
          : 'offer',
      );
      return;
    }
    try {
      const fields = offerFieldsSchema.parse(form.getValues());
      if (!saved) {
        const created = await createOffer.mutateAsync({ ...fields, lines: toLineInputs(lines) });
        setOfferId(created.id);
        adopt(created, lines);
        notifySuccess(t('toast.created', { number: created.number }));
        return;
      }
      if (!isDirty) {
        notifySuccess(t('toast.noChanges'));
        return;
      }
      const updated = await updateOffer.mutateAsync({
        id: saved.id,
        version: saved.version,
        changes: fields,
        ...(areLinesChanged ? { lines: toLineInputs(lines) } : {}),
      });
      adopt(updated, lines);
      notifySuccess(t('toast.saved', { number: updated.number }));
    } catch (error) {
      await fail(error);
    }
  };

  const archiving = useRecordArchiving({
    namespace: 'offers',
    record: saved,
    isArchived: (offer) => offer.archived,
    archive: (offer, reason) => archiveOffer.mutateAsync({ id: offer.id, version: offer.version, reason }),
    unarchive: (offer) => unarchiveOffer.mutateAsync({ id: offer.id, version: offer.version }),
    onChanged: setSaved,
    onError: fail,
    maxLength: 1000,
  });

  /** SPEC §4: asks first, then whether to create a customer missing in the accounting system. */
  const convert = async () => {
    if (!saved) return;
    const isConfirmed = await confirm({
      title: t('convert.title'),
      message: t('convert.message', { number: saved.number }),
      confirmLabel: t('convert.confirm'),
      color: 'blue',
    });
    if (!isConfirmed) return;
    const createCustomerInAccounting = detail.data?.isAccountingCustomerMissing
      ? await confirm({
          title: t('convert.accountingTitle'),
          message: t('convert.accountingMessage'),
          confirmLabel: t('convert.accountingCreate'),
          cancelLabel: t('convert.accountingSkip'),
          color: 'blue',
        })
      : false;
    try {
      const result = await convertOffer.mutateAsync({ id: saved.id, createCustomerInAccounting });
      notifySuccess(t('convert.success', { number: result.projectNumber }));
      // The conversion links the offer and moves it to the won status (a new version): keep the
      // person's edits, take the new version, and the new status unless they chose another one.
      const fresh = await detail.refetch();
      const converted = fresh.data?.offer ?? {
        ...saved,
        projectId: result.projectId,
        projectNumber: result.projectNumber,
      };
      if (form.getValues().statusId === saved.statusId) form.setFieldValue('statusId', converted.statusId);
      setSaved(converted);
      // The new project opens at once, with its project manager: the person sees where it went.
      onOpenProject?.(result.projectId);
    } catch (error) {
      if (applyServerFieldErrors(form, error)) setTab('offer');
      notifyError(t('convert.failed'));
    }
  };

  const close = () => questions.closeUnlessKept(isDirty, onClose);

  const offer = saved;
  const pdfLanguage = useDocumentLanguage();
  const pdfUrl = useDownloadLink(
    offer && isShowingPdf ? { kind: 'offer-pdf', id: offer.id, locale: pdfLanguage.requested } : null,
    (error) => {
      setShowingPdf(false);
      notifyError(error);
    },
  );

  return (
    <>
      <AppDialog
        opened
        onClose={() => void close()}
        title={
          offer ? t('dialog.title', { number: offer.number, name: offer.projectName }) : t('dialog.newTitle')
        }
        size={1040}
        readOnly={isReadOnly}
        onCancel={close}
        onSave={isLoading ? undefined : save}
        onArchive={archiving.onArchive}
        onUnarchive={archiving.onUnarchive}
        onShowDocument={offer ? () => setShowingPdf(true) : undefined}
        footerExtra={
          offer && (printHref || (mayConvert && !offer.projectId)) ? (
            <>
              {printHref && <PrintLink to={printHref(offer.id)} label={t('print.button')} />}
              {mayConvert && !offer.projectId && (
                <Button
                  variant="light"
                  leftSection={<IconArrowRight size={16} />}
                  onClick={() => void convert()}
                >
                  {t('dialog.convert')}
                </Button>
              )}
            </>
          ) : undefined
        }
      >
        {isLoading ? (
          detail.isError ? (
            <Alert color="red" variant="light" title={t('dialog.loadFailed')}>
              {errorMessageOf(detail.error)}
            </Alert>
          ) : (
            <Group justify="center" py="xl">
              <Loader aria-label={t('dialog.loading')} />
            </Group>
          )
        ) : (
          <Stack gap="sm">
            {offer && (
              <Group gap="xs">
                {offer.inquiryNumber !== null && (
                  <Badge variant="light">{t('dialog.fromInquiry', { number: offer.inquiryNumber })}</Badge>
                )}
                {offer.projectId &&
                  offer.projectNumber !== null &&
                  (mayOpenProjects && onOpenProject ? (
                    <Anchor
                      component="button"
                      type="button"
                      data-project-link
                      onClick={() => offer.projectId && onOpenProject(offer.projectId)}
                    >
                      {t('dialog.toProject', { number: offer.projectNumber })}
                    </Anchor>
                  ) : (
                    <Badge variant="light" data-project-link>
                      {t('dialog.toProject', { number: offer.projectNumber })}
                    </Badge>
                  ))}
                {offer.archived && offer.archiveReason && (
                  <Text size="sm" c="dimmed">
                    {t('dialog.archivedReason', { reason: offer.archiveReason })}
                  </Text>
                )}
              </Group>
            )}
            <Tabs value={tab} onChange={(next) => next && setTab(next as Tab)} keepMounted={false}>
              <Tabs.List>
                {TABS.map((value) => (
                  <Tabs.Tab
                    key={value}
                    value={value}
                    disabled={isNew && (value === 'confirmations' || value === 'history')}
                  >
                    {t(`tabs.${value}`)}
                    {value === 'confirmations' && offer
                      ? ` (${confirmations.data?.length ?? offer.confirmationCount})`
                      : ''}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="offer" pt="md">
                <ReadOnlyFieldset readOnly={isReadOnly}>
                  <OfferFieldsTab
                    form={form}
                    statusDeadline={offer?.statusDeadline ?? null}
                    savedStatusId={offer?.statusId ?? null}
                    defaultDeadlineDays={config.data?.deadlineDays ?? 14}
                  />
                </ReadOnlyFieldset>
              </Tabs.Panel>
              <Tabs.Panel value="lines" pt="md">
                <OrderLinesTable
                  lines={lines}
                  onChange={setLines}
                  readOnly={isReadOnly}
                  totalLabel={t('lines.total')}
                  actions={renderLineActions?.((line) => setLines((current) => [...current, newLine(line)]))}
                  extraTotals={<OfferVatTotals value={totals.value} />}
                />
              </Tabs.Panel>
              <Tabs.Panel value="paymentPlan" pt="md">
                <PaymentPlanTab
                  readOnly={isReadOnly}
                  plan={(form.values.paymentPlan ?? []) as PaymentPlanPart[]}
                  onChange={(plan) => form.setFieldValue('paymentPlan', plan)}
                  error={form.errors.paymentPlan as string | undefined}
                />
              </Tabs.Panel>
              <Tabs.Panel value="confirmations" pt="md">
                {offer && (
                  <ConfirmationsPanel
                    entityType="offer"
                    entityId={offer.id}
                    readOnly={isReadOnly}
                    totalExVat={offer.value}
                    ownPlan={offer.paymentPlan}
                  />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="history" pt="md">
                <OfferHistoryTab history={detail.data?.history ?? []} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </AppDialog>
      <ArchiveReasonDialog {...archiving.reasonDialog} />
      {offer && (
        <PdfViewerDialog
          opened={isShowingPdf}
          onClose={() => setShowingPdf(false)}
          fileName={t('pdf.fileName', { number: offer.number })}
          url={pdfUrl}
          language={pdfLanguage.language}
        />
      )}
    </>
  );
};
