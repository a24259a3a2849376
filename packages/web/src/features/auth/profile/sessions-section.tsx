import type { SessionDto } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert, notifyError, notifySuccess, useConfirm } from '@/components';
import { ProfileSection } from '../profile-section';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './profile-api';

/** Systems of phones and tablets, which get a phone beside them rather than a screen. */
const MOBILE_SYSTEMS = /^(iOS|Android|iPadOS)\b/;

const deviceOf = (t: TFunction<'profile'>, session: SessionDto) =>
  session.browser && session.os
    ? t('sessions.deviceOn', { browser: session.browser, os: session.os })
    : (session.browser ?? session.os ?? t('sessions.unknownDevice'));

const SessionRow = ({
  session,
  showsCompany,
  onSignOut,
  isSigningOut,
}: {
  session: SessionDto;
  showsCompany: boolean;
  onSignOut: (session: SessionDto) => void;
  isSigningOut: boolean;
}) => {
  const { t } = useTranslation('profile');
  const device = deviceOf(t, session);
  const DeviceIcon = MOBILE_SYSTEMS.test(session.os ?? '') ? IconDeviceMobile : IconDeviceDesktop;
  const details = [
    `${t('sessions.signedIn')} ${formatDateTime(session.createdAt)}`,
    `${t('sessions.lastSeen')} ${formatDateTime(session.lastSeenAt)}`,
    session.address && `${t('sessions.address')} ${session.address}`,
    showsCompany && `${t('sessions.company')} ${session.companyName}`,
  ].filter(Boolean);
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={device}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <DeviceIcon size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={500}>{device}</Text>
              {session.isCurrent && (
                <Badge variant="light" color="green">
                  {t('sessions.thisSession')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {details.join(' · ')}
            </Text>
          </Stack>
        </Group>
        {!session.isCurrent && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLogout size={14} />}
            loading={isSigningOut}
            aria-label={t('sessions.signOutLabel', {
              device,
              signedIn: formatDateTime(session.createdAt),
            })}
            onClick={() => onSignOut(session)}
          >
            {t('sessions.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
};

/**
 * The person's live sign-ins (browser, address, signed in, last active; this one marked), each of
 * which they may sign out, or all but this one at once. Each asks first; the tabs of a session
 * signed out are sent to the sign-in page at once.
 */
export const SessionsSection = () => {
  const { t } = useTranslation('profile');
  const confirm = useConfirm();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.isCurrent);
  const showsCompany = new Set(list.map((session) => session.companyName)).size > 1;

  const signOut = async (session: SessionDto) => {
    const isSure = await confirm({
      title: t('sessions.signOutTitle'),
      message: t('sessions.signOutMessage', {
        device: deviceOf(t, session),
        signedIn: formatDateTime(session.createdAt),
      }),
      confirmLabel: t('sessions.signOut'),
    });
    if (!isSure) return;
    try {
      await revoke.mutateAsync(session.id);
      notifySuccess(t('sessions.signedOut'));
    } catch (error) {
      notifyError(error);
    }
  };

  const signOutOthers = async () => {
    const isSure = await confirm({
      title: t('sessions.signOutOthersTitle'),
      message: t('sessions.signOutOthersMessage'),
      confirmLabel: t('sessions.signOutOthers'),
    });
    if (!isSure) return;
    try {
      await revokeOthers.mutateAsync();
      notifySuccess(t('sessions.signedOutOthers'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <ProfileSection title={t('sessions.title')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('sessions.intro')}
      </Text>
      {sessions.isError ? (
        <LoadFailedAlert
          title={t('sessions.loadFailed')}
          error={sessions.error}
          retryLabel={t('sessions.retry')}
          onRetry={() => void sessions.refetch()}
        />
      ) : sessions.isPending ? (
        <Loader size="sm" aria-label={t('sessions.title')} />
      ) : (
        <Stack gap="xs">
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('sessions.title')}
          >
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                showsCompany={showsCompany}
                onSignOut={(chosen) => void signOut(chosen)}
                isSigningOut={revoke.isPending && revoke.variables === session.id}
              />
            ))}
          </Stack>
          {others.length > 0 ? (
            <Group justify="flex-end">
              <Button
                color="red"
                variant="light"
                leftSection={<IconLogout size={16} />}
                loading={revokeOthers.isPending}
                onClick={() => void signOutOthers()}
              >
                {t('sessions.signOutOthers')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('sessions.onlyThis')}
            </Text>
          )}
        </Stack>
      )}
    </ProfileSection>
  );
};
