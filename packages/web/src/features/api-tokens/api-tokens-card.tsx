import { type ApiTokenDto, type ApiTokenScope, apiTokenCreateSchema } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import {
  ActionIcon,
  Badge,
  Button,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconKeyOff, IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppDialog,
  ErrorFallback,
  notifyError,
  notifySuccess,
  ON_WIDE_SCREENS,
  SecretDialog,
  SectionHeader,
  useConfirm,
} from '@/components';
import { applyServerFieldErrors, useContractForm } from '@/lib/forms';
import { useApiTokenPushes, useApiTokens, useCreateApiToken, useRevokeApiToken } from './api-tokens-api';

type FormValues = { name: string; scope: ApiTokenScope };

/** A new token: its name and what it may do. The token itself is shown once, after saving. */
const NewTokenDialog = ({
  onClose,
  onSecret,
}: {
  onClose: () => void;
  onSecret: (secret: string) => void;
}) => {
  const { t } = useTranslation('webhooks');
  const form = useContractForm<FormValues>(apiTokenCreateSchema, { name: '', scope: 'read' });
  const create = useCreateApiToken();
  const save = async () => {
    if (form.validate().hasErrors) return;
    try {
      const created = await create.mutateAsync(form.values);
      notifySuccess(t('apiTokens.created', { name: created.token.name }));
      onClose();
      onSecret(created.secret);
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  };
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={t('apiTokens.newTitle')}
      onCancel={onClose}
      onSave={save}
      saving={create.isPending}
    >
      <Stack gap="sm">
        <TextInput
          label={t('apiTokens.name')}
          description={t('apiTokens.nameHint')}
          required
          maxLength={80}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('apiTokens.scope')}
          </Text>
          <SegmentedControl
            aria-label={t('apiTokens.scope')}
            data={[
              { value: 'read', label: t('apiTokens.scopes.read') },
              { value: 'readWrite', label: t('apiTokens.scopes.readWrite') },
            ]}
            {...form.getInputProps('scope')}
          />
          <Text size="xs" c="dimmed">
            {t(`apiTokens.scopeHints.${form.values.scope}`)}
          </Text>
        </Stack>
      </Stack>
    </AppDialog>
  );
};

/**
 * Admin → Webhooks, API tokens (issue 18): what integrations call the REST API with, in the `token`
 * header. Made with a name and a scope, shown once, revoked with a question.
 */
export const ApiTokensCard = () => {
  const { t } = useTranslation('webhooks');
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const confirm = useConfirm();
  const [isAdding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  useApiTokenPushes();

  if (tokens.isError) return <ErrorFallback error={tokens.error} onReload={() => void tokens.refetch()} />;

  const revokeToken = async (token: ApiTokenDto) => {
    const isConfirmed = await confirm({
      title: t('apiTokens.revokeTitle'),
      message: t('apiTokens.revokeQuestion', { name: token.name }),
      confirmLabel: t('apiTokens.revoke'),
      color: 'red',
    });
    if (!isConfirmed) return;
    try {
      await revoke.mutateAsync({ id: token.id, version: token.version });
      notifySuccess(t('apiTokens.revoked', { name: token.name }));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="api-tokens-title">
      <SectionHeader title={t('apiTokens.title')} description={t('apiTokens.description')} />
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          {t('apiTokens.add')}
        </Button>
      </Group>
      <DataTable<ApiTokenDto>
        withTableBorder
        borderRadius="sm"
        minHeight={tokens.data?.length ? undefined : 120}
        fetching={tokens.isPending}
        records={tokens.data ?? []}
        noRecordsText={t('apiTokens.empty')}
        customRowAttributes={(token) => ({ 'data-api-token': token.name })}
        columns={[
          {
            accessor: 'name',
            title: t('apiTokens.name'),
            render: (token) => (
              <Stack gap={0}>
                <Text size="sm" fw={500} td={token.revokedAt ? 'line-through' : undefined}>
                  {token.name}
                </Text>
                <Code style={{ width: 'fit-content' }}>{token.prefix}…</Code>
              </Stack>
            ),
          },
          {
            accessor: 'scope',
            title: t('apiTokens.scope'),
            render: (token) => (
              // Whole words in sentence case: a narrow phone column cuts capitals off.
              <Badge
                variant="light"
                tt="none"
                color={token.scope === 'readWrite' ? 'orange' : 'blue'}
                styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
              >
                {t(`apiTokens.scopes.${token.scope}`)}
              </Badge>
            ),
          },
          {
            accessor: 'createdAt',
            title: t('apiTokens.createdBy'),
            render: (token) => `${token.createdByName}, ${formatDateTime(token.createdAt)}`,
            ...ON_WIDE_SCREENS,
          },
          {
            accessor: 'lastUsedAt',
            title: t('apiTokens.lastUsed'),
            noWrap: true,
            render: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('apiTokens.never')),
            ...ON_WIDE_SCREENS,
          },
          {
            accessor: 'revokedAt',
            title: '',
            textAlign: 'right',
            render: (token) =>
              token.revokedAt ? (
                <Badge color="gray" variant="light">
                  {t('apiTokens.revokedAt', { date: formatDateTime(token.revokedAt) })}
                </Badge>
              ) : (
                <Tooltip label={t('apiTokens.revoke')}>
                  <ActionIcon
                    variant="light"
                    color="red"
                    aria-label={t('apiTokens.revoke')}
                    onClick={() => void revokeToken(token)}
                  >
                    <IconKeyOff size={16} />
                  </ActionIcon>
                </Tooltip>
              ),
          },
        ]}
      />
      {isAdding && <NewTokenDialog onClose={() => setAdding(false)} onSecret={setSecret} />}
      <SecretDialog
        secret={secret}
        title={t('apiTokens.secretTitle')}
        message={t('apiTokens.secretMessage')}
        footnote={`curl -H "token: ${secret ?? ''}" ${window.location.origin}/api/offers`}
        data-testid="api-token-secret"
        onClose={() => setSecret(null)}
      />
    </Stack>
  );
};
