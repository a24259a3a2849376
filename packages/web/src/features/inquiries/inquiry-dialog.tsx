import type { InquiryDetailsDto } from '@karm/domain/contract';
import { inquiryFieldsSchema } from '@karm/domain/contract';
import { osloDateOf } from '@karm/domain/rules';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AppDialog,
  ArchiveReasonDialog,
  notifyError,
  notifySuccess,
  ReadOnlyFieldset,
  useConfirm,
  useRecordArchiving,
  useRecordQuestions,
} from '@/components';
import {
  useArchiveInquiry,
  useConvertInquiryToOffer,
  useCreateInquiry,
  useInquiry,
  useUnarchiveInquiry,
  useUpdateInquiry,
} from '@/lib/api/inquiries';
import { applyServerFieldErrors, changedValues } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { InquiryCustomerTab } from './inquiry-customer-tab';
import { InquiryDetailsTab } from './inquiry-details-tab';
import { InquiryDocumentsTab } from './inquiry-documents-tab';
import { newInquiryValues, toFormValues, useInquiryForm } from './inquiry-form';
import { InquiryHistoryTab } from './inquiry-history-tab';

export type InquiryDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The inquiry to open; null or left out for a new inquiry. */
  inquiryId?: string | null;
  /** Where "Offer N" leads (the app knows the offer screen's address). */
  offerHref?: (offerId: string) => string;
};

const TABS = ['details', 'customer', 'documents', 'history'] as const;
type Tab = (typeof TABS)[number];
const CUSTOMER_FIELDS = ['customerId', 'contactId', 'oneTimeCustomer', 'creditScore'];

/**
 * SPEC §2 "inquiry add" and edit. A new inquiry must be saved before documents and history open.
 * Without inquiries.write the inquiry is shown read only; converting it needs offers.write.
 */
export const InquiryDialog = ({ opened, ...props }: InquiryDialogProps) =>
  opened ? <InquiryDialogWindow key={props.inquiryId ?? 'new'} {...props} /> : null;

const InquiryDialogWindow = ({
  onClose,
  inquiryId: openedId,
  offerHref,
}: Omit<InquiryDialogProps, 'opened'>) => {
  const { t } = useTranslation('inquiries');
  const confirm = useConfirm();
  const questions = useRecordQuestions('inquiries');
  const [inquiryId, setInquiryId] = useState(openedId ?? null);
  const loaded = useInquiry(inquiryId);
  const [saved, setSaved] = useState<InquiryDetailsDto | null>(null);
  const form = useInquiryForm(newInquiryValues(osloDateOf(new Date())));
  const [tab, setTab] = useState<Tab>('details');
  const create = useCreateInquiry();
  const update = useUpdateInquiry();
  const archiveInquiry = useArchiveInquiry();
  const unarchiveInquiry = useUnarchiveInquiry();
  const convertInquiry = useConvertInquiryToOffer();
  const isReadOnly = !useCan('inquiries.write');
  const mayConvert = useCan('offers.write');
  const mayOpenOffers = useCan('offers.read');

  const adopt = (inquiry: InquiryDetailsDto) => {
    const values = toFormValues(inquiry);
    setSaved(inquiry);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  };

  // The first answer becomes the form. A newer version (a push) replaces it only while nothing is
  // edited; the same version (a document added or deleted) refreshes documents and history only.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopt is recreated every render
  useEffect(() => {
    const fresh = loaded.data;
    if (!fresh) return;
    if (saved === null || (fresh.version > saved.version && !form.isDirty())) adopt(fresh);
    else if (fresh.version === saved.version) setSaved(fresh);
  }, [loaded.data]);

  const isNew = inquiryId === null;
  const inquiry = saved ?? (isNew ? null : (loaded.data ?? null));
  const isLoading = !isNew && saved === null;

  const fail = async (error: unknown) => {
    if (error instanceof ApiError && error.code === 'CONFLICT' && inquiry) {
      if (await questions.wantsNewerVersion()) {
        const fresh = await loaded.refetch();
        if (fresh.data) adopt(fresh.data);
      }
    } else if (applyServerFieldErrors(form, error)) {
      const fields = Object.keys(form.errors);
      setTab(
        fields.some((field) => CUSTOMER_FIELDS.some((name) => field.startsWith(name)))
          ? 'customer'
          : 'details',
      );
    } else notifyError(error);
  };

  const save = async () => {
    const validation = form.validate();
    if (validation.hasErrors) {
      const fields = Object.keys(validation.errors);
      setTab(
        fields.every((field) => CUSTOMER_FIELDS.some((name) => field.startsWith(name)))
          ? 'customer'
          : 'details',
      );
      return;
    }
    try {
      const values = inquiryFieldsSchema.parse(form.getValues());
      if (!saved) {
        const created = await create.mutateAsync(values);
        setInquiryId(created.id);
        adopt(created);
        notifySuccess(t('toast.created', { number: created.number }));
        return;
      }
      // Only the fields that differ from the saved inquiry: the server's history lists exactly these.
      const changes = changedValues(toFormValues(saved), values);
      if (Object.keys(changes).length === 0) {
        notifySuccess(t('toast.noChanges'));
        return;
      }
      adopt(await update.mutateAsync({ id: saved.id, version: saved.version, changes }));
      notifySuccess(t('toast.saved'));
    } catch (error) {
      await fail(error);
    }
  };

  const archiving = useRecordArchiving({
    namespace: 'inquiries',
    record: saved,
    isArchived: (inquiry) => inquiry.archived,
    archive: (inquiry, reason) => archiveInquiry.mutateAsync({ id: inquiry.id, reason }),
    unarchive: (inquiry) => unarchiveInquiry.mutateAsync({ id: inquiry.id }),
    onChanged: setSaved,
    onError: notifyError,
    maxLength: 500,
  });

  /** SPEC §4: the saved inquiry becomes an offer with its customer, contact, address and facts. */
  const convert = async () => {
    if (!saved) return;
    if (form.isDirty()) {
      notifyError(t('convert.saveFirst'));
      return;
    }
    const isConfirmed = await confirm({
      title: t('convert.confirmTitle'),
      message: t('convert.confirmText'),
      confirmLabel: t('convert.button'),
      color: 'blue',
    });
    if (!isConfirmed) return;
    try {
      const result = await convertInquiry.mutateAsync({ id: saved.id, version: saved.version });
      adopt(result.inquiry);
      notifySuccess(t('convert.done', { number: result.offerNumber }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') await fail(error);
      else notifyError(t('convert.failed'));
    }
  };

  const close = () => questions.closeUnlessKept(form.isDirty(), onClose);

  return (
    <>
      <AppDialog
        opened
        onClose={() => void close()}
        title={
          inquiry
            ? t('dialog.title', { number: inquiry.number, name: inquiry.projectName })
            : t('dialog.newTitle')
        }
        size={900}
        readOnly={isReadOnly}
        onCancel={close}
        onSave={isLoading ? undefined : save}
        onArchive={archiving.onArchive}
        onUnarchive={archiving.onUnarchive}
        footerExtra={
          mayConvert && saved && saved.offerId === null && !saved.archived ? (
            <Button
              variant="light"
              leftSection={<IconArrowRight size={16} />}
              loading={convertInquiry.isPending}
              onClick={() => void convert()}
            >
              {t('convert.button')}
            </Button>
          ) : undefined
        }
      >
        {isLoading ? (
          <Group justify="center" py="xl">
            <Loader aria-label={t('dialog.loading')} />
          </Group>
        ) : (
          <Stack gap="sm">
            {saved && (saved.archived || saved.offerNumber !== null) && (
              <Group gap="xs">
                {saved.archived && (
                  <>
                    <Badge color="gray">{t('list.archivedBadge')}</Badge>
                    <Text size="sm" c="dimmed">
                      {t('archive.reasonShown', { reason: saved.archiveReason ?? '' })}
                    </Text>
                  </>
                )}
                {saved.offerId !== null &&
                  saved.offerNumber !== null &&
                  (offerHref && mayOpenOffers ? (
                    <Anchor component={Link} to={offerHref(saved.offerId)} data-testid="offer-link">
                      {t('offerLink', { number: saved.offerNumber })}
                    </Anchor>
                  ) : (
                    <Badge variant="light" data-testid="offer-link">
                      {t('offerLink', { number: saved.offerNumber })}
                    </Badge>
                  ))}
              </Group>
            )}
            <Tabs value={tab} onChange={(next) => next && setTab(next as Tab)}>
              <Tabs.List>
                {TABS.map((value) => (
                  <Tabs.Tab
                    key={value}
                    value={value}
                    disabled={isNew && (value === 'documents' || value === 'history')}
                  >
                    {t(`tabs.${value}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {isNew && (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mt="sm">
                  {t('dialog.saveFirst')}
                </Alert>
              )}
              <Tabs.Panel value="details" pt="md">
                <ReadOnlyFieldset readOnly={isReadOnly}>
                  <InquiryDetailsTab form={form} />
                </ReadOnlyFieldset>
              </Tabs.Panel>
              <Tabs.Panel value="customer" pt="md">
                <ReadOnlyFieldset readOnly={isReadOnly}>
                  <InquiryCustomerTab form={form} isReadOnly={isReadOnly} />
                </ReadOnlyFieldset>
              </Tabs.Panel>
              <Tabs.Panel value="documents" pt="md">
                {saved && (
                  <InquiryDocumentsTab
                    inquiryId={saved.id}
                    documents={saved.documents}
                    isReadOnly={isReadOnly}
                  />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="history" pt="md">
                {saved && <InquiryHistoryTab history={saved.history} />}
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </AppDialog>
      <ArchiveReasonDialog {...archiving.reasonDialog} />
    </>
  );
};
