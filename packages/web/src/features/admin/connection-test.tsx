import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/components';
import { ApiError } from '@/lib/http';
import { useTestAccountingConnection } from './accounting-api';
import { FORM_MAX_WIDTH } from './accounting-settings-form';

/** Why the test failed, in words: the contract's VALIDATION covers "not set up" and "tokens refused". */
const failureOf = (t: TFunction, error: unknown) => {
  if (error instanceof ApiError && error.code === 'VALIDATION') {
    const kind = (error.details as { kind?: string } | undefined)?.kind;
    return kind === 'auth' ? t('accounting.test.refused') : t('accounting.test.notConfigured');
  }
  if (error instanceof ApiError && error.code === 'UPSTREAM') return t('accounting.test.unreachable');
  return errorMessageOf(error);
};

/** "Test connection": asks the accounting system who the saved tokens act for. */
export const ConnectionTest = ({ isConfigured }: { isConfigured: boolean }) => {
  const { t } = useTranslation('admin');
  const test = useTestAccountingConnection();
  return (
    <Stack gap="xs" maw={FORM_MAX_WIDTH}>
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlugConnected size={16} />}
          loading={test.isPending}
          disabled={!isConfigured}
          onClick={() => test.mutate()}
        >
          {t('accounting.test.button')}
        </Button>
        <Text size="sm" c="dimmed">
          {isConfigured ? t('accounting.test.hint') : t('accounting.test.saveFirst')}
        </Text>
      </Group>
      {test.isSuccess && (
        <Alert color="green" title={t('accounting.test.okTitle')}>
          {t('accounting.test.ok', { company: test.data.companyName, employee: test.data.employeeName })}
        </Alert>
      )}
      {test.isError && (
        <Alert color="red" title={t('accounting.test.failedTitle')}>
          <Text size="sm">{failureOf(t, test.error)}</Text>
          {test.error.message && (
            <Text size="xs" c="dimmed" mt={4}>
              {test.error.message}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
};
