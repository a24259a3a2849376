import { DEFAULT_DOCUMENT_LANGUAGE } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, LanguageSelect, notifyError, notifySuccess } from '@/components';
import { useCompanyStore } from '@/lib/store/company-store';
import { useCreateServiceReport } from './service-reports-api';
import { SignaturePad } from './signature-pad';

const dataUrlOf = (png: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(png);
  });

/**
 * Makes the service report of the visit: every answered item of the project, signed by the customer
 * on site (name and, if drawn, a signature), in the language the customer reads.
 */
export const ServiceReportDialog = ({ projectId, onClose }: { projectId: string; onClose: () => void }) => {
  const { t } = useTranslation('serviceWork');
  const create = useCreateServiceReport();
  const [signedName, setSignedName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  // The company's document language, unless the customer reads the other one.
  const documentLanguage = useCompanyStore(
    (state) => state.company?.documentLanguage ?? DEFAULT_DOCUMENT_LANGUAGE,
  );
  const [locale, setLocale] = useState<Locale>(documentLanguage);
  const save = async () => {
    try {
      const { report } = await create.mutateAsync({ projectId, signedName, signature, locale });
      notifySuccess(t('reports.made', { number: report.number, count: report.itemCount }));
      onClose();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <AppDialog
      opened
      size="md"
      title={t('reports.makeTitle')}
      onClose={onClose}
      onCancel={onClose}
      onSave={save}
      saving={create.isPending}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('reports.makeHint')}
        </Text>
        <TextInput
          label={t('reports.signedName')}
          value={signedName}
          onChange={(event) => setSignedName(event.currentTarget.value)}
          maxLength={200}
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('reports.signature')}
          </Text>
          {signature ? (
            <Group gap="xs">
              <IconCheck size={16} color="var(--mantine-color-green-7)" />
              <Text size="sm">{t('reports.signatureAdded')}</Text>
            </Group>
          ) : (
            <SignaturePad
              isSaving={false}
              onSave={(png) =>
                void dataUrlOf(png)
                  .then(setSignature)
                  .catch((error: unknown) => notifyError(error))
              }
            />
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('reports.language')}
          </Text>
          <LanguageSelect value={locale} onChange={setLocale} label={t('reports.language')} />
        </Stack>
      </Stack>
    </AppDialog>
  );
};
