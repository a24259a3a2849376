import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator, useRouteError } from 'react-router';
import { ErrorFallback } from '@/components/error-boundary/app-error-boundary';
import { ReloadButton } from './reload-button';
import { isChunkLoadFailure, ServerUnreachableError } from './route-errors';

const Notice = ({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) => (
  <Center mih="100vh" p="xl" role="alert">
    <Stack align="center" gap="sm" maw={460} ta="center">
      {icon}
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
      {action}
    </Stack>
  </Center>
);

/** The server is out of reach: say so, and try again by itself as soon as the browser is online. */
const OfflineNotice = () => {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const retry = () => void revalidator.revalidate();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [revalidator]);
  return (
    <Notice
      icon={<IconCloudOff size={48} color="var(--mantine-color-gray-6)" aria-hidden />}
      title={t('offline.title')}
      text={t('offline.text')}
      action={
        <Button
          leftSection={<IconRefresh size={16} />}
          loading={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {t('offline.retry')}
        </Button>
      }
    />
  );
};

/** A screen's code could not be loaded (SPEC §9): offer a reload instead of a blank screen. */
const ChunkFailedNotice = () => {
  const { t } = useTranslation();
  return (
    <Notice
      icon={<IconRefresh size={48} color="var(--mantine-color-blue-6)" aria-hidden />}
      title={t('chunkFailed.title')}
      text={t('chunkFailed.text')}
      action={<ReloadButton>{t('chunkFailed.reload')}</ReloadButton>}
    />
  );
};

/** What a route shows when its guard, its loader or its code failed. */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  if (error instanceof ServerUnreachableError) return <OfflineNotice />;
  if (isChunkLoadFailure(error)) return <ChunkFailedNotice />;
  return (
    <ErrorFallback
      error={error instanceof Error ? error : new Error(String(error))}
      onReload={() => window.location.reload()}
    />
  );
};
