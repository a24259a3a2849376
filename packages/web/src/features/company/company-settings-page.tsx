import { type CompanyDto, companyFormOf, companyUpdateSchema } from '@karm/domain/contract';
import { LOCALES } from '@karm/domain/i18n';
import {
  Alert,
  Button,
  Group,
  Input,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorFallback, notifyError, notifySuccess, PageHeader, useRecordQuestions } from '@/components';
import { useCompanyDefaultFiles } from '@/lib/api/company';
import { applyServerFieldErrors, useContractForm } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { useCompany, useCompanyPushes, useUpdateCompany } from './company-api';
import { CompanyHistory } from './company-history';
import { CompanyImageField } from './company-image-field';
import { CompanyServiceFields } from './company-service-fields';

type FormValues = ReturnType<typeof companyFormOf>;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p="md">
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

const TEXT_FIELDS = {
  company: ['name', 'organisationNumber', 'bankAccount'],
  contact: ['address', 'postalCode', 'city', 'phone', 'email', 'web'],
} as const;

const CompanySettingsForm = ({
  company,
  onReload,
}: {
  company: CompanyDto;
  onReload: () => Promise<{ data?: CompanyDto }>;
}) => {
  const { t } = useTranslation('company');
  const isReadOnly = !useCan('company.manage');
  const save = useUpdateCompany();
  const questions = useRecordQuestions('company');
  const form = useContractForm<FormValues>(companyUpdateSchema, companyFormOf(company));
  const defaultFiles = useCompanyDefaultFiles(company);

  // A newer copy (saved here, pushed from elsewhere, retrieved after a conflict) replaces an untouched form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version resets the form
  useEffect(() => {
    if (form.values.version !== company.version && !form.isDirty()) {
      form.setValues(companyFormOf(company));
      form.resetDirty(companyFormOf(company));
    }
  }, [company.version]);

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.setValues(companyFormOf(saved));
      form.resetDirty(companyFormOf(saved));
      notifySuccess(t('saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        if (await questions.wantsNewerVersion()) {
          const fresh = await onReload();
          if (fresh.data) {
            form.setValues(companyFormOf(fresh.data));
            form.resetDirty(companyFormOf(fresh.data));
          }
        }
        return;
      }
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  });

  const textField = (field: (typeof TEXT_FIELDS)[keyof typeof TEXT_FIELDS][number]) => (
    <TextInput
      key={field}
      label={t(`fields.${field}`)}
      readOnly={isReadOnly}
      withAsterisk={field === 'name' && !isReadOnly}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={880}>
        {isReadOnly && <Alert color="blue">{t('readOnly')}</Alert>}
        <Section title={t('sections.company')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.nr')} value={String(company.nr)} readOnly />
            {TEXT_FIELDS.company.map(textField)}
            <Switch
              mt="md"
              label={t('fields.isVatRegistered')}
              disabled={isReadOnly}
              {...form.getInputProps('isVatRegistered', { type: 'checkbox' })}
            />
          </SimpleGrid>
        </Section>
        <Section title={t('sections.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{TEXT_FIELDS.contact.map(textField)}</SimpleGrid>
        </Section>
        <Section title={t('sections.documents')}>
          <Stack>
            <Input.Wrapper label={t('fields.documentLanguage')}>
              <div>
                <SegmentedControl
                  disabled={isReadOnly}
                  data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
                  {...form.getInputProps('documentLanguage')}
                />
              </div>
            </Input.Wrapper>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(['logo', 'footer'] as const).map((type) => (
                <CompanyImageField
                  key={type}
                  type={type}
                  fileId={form.values[`${type}FileId`]}
                  saved={{ fileId: company[`${type}FileId`], url: defaultFiles.data?.[type]?.url }}
                  isReadOnly={isReadOnly}
                  onChange={(fileId) => form.setFieldValue(`${type}FileId`, fileId)}
                  error={form.getInputProps(`${type}FileId`).error}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Section>
        <Section title={t('sections.service')}>
          <CompanyServiceFields form={form} company={company} isReadOnly={isReadOnly} />
        </Section>
        <Section title={t('sections.security')}>
          <Switch
            label={t('fields.requireTwoFactorForAdmins')}
            description={t('securityHint')}
            disabled={isReadOnly}
            {...form.getInputProps('requireTwoFactorForAdmins', { type: 'checkbox' })}
          />
        </Section>
        {!isReadOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        )}
        {!isReadOnly && (
          <Section title={t('history.title')}>
            <CompanyHistory />
          </Section>
        )}
      </Stack>
    </form>
  );
};

/** /company: the company's settings; administrators edit them, everyone else reads them. */
export const CompanySettingsPage = () => {
  const { t } = useTranslation('company');
  const company = useCompany();
  useCompanyPushes();
  return (
    <Stack>
      <PageHeader title={t('title')} />
      {company.data ? (
        <CompanySettingsForm company={company.data} onReload={company.refetch} />
      ) : company.isError ? (
        <ErrorFallback error={company.error} onReload={() => void company.refetch()} />
      ) : (
        <Loader aria-label={t('title')} />
      )}
    </Stack>
  );
};
