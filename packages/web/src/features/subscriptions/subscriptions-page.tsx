import {
  FEED_LAYERS,
  type FeedLayer,
  type NotificationKind,
  type SubscriptionsDto,
} from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBell, IconBellOff, IconCalendarPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorFallback,
  notifyError,
  notifySuccess,
  PageHeader,
  SecretDialog,
  SectionHeader,
  useConfirm,
} from '@/components';
import { currentEndpoint, pushPermission, subscribeThisDevice } from './push-device';
import {
  useCreateFeed,
  useRemovePushDevice,
  useRevokeFeed,
  useSaveNotifications,
  useSetFeedLayers,
  useSubscribePush,
  useSubscriptions,
} from './subscriptions-api';

/** What is on now, at a glance (SPEC: "the page shows what is on"). */
const Summary = ({ settings }: { settings: SubscriptionsDto }) => {
  const { t } = useTranslation('subscriptions');
  const badges = [
    settings.feed.isOn && t('summary.feed'),
    settings.email.length > 0 && `${t('summary.email')}: ${settings.email.length}`,
    settings.email.length > 0 && settings.isDigest && t('summary.digest'),
    settings.push.length > 0 &&
      settings.pushDevices.length > 0 &&
      t('summary.push', { count: settings.pushDevices.length }),
  ].filter((badge): badge is string => Boolean(badge));
  return (
    <Group gap="xs" data-testid="subscriptions-summary" aria-label={t('summary.title')}>
      <Text size="sm" fw={500}>
        {t('summary.title')}:
      </Text>
      {badges.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('summary.nothing')}
        </Text>
      ) : (
        badges.map((badge) => (
          <Badge key={badge} variant="light" tt="none">
            {badge}
          </Badge>
        ))
      )}
    </Group>
  );
};

/** The calendar feed: which layers, and its secret address (made, made anew, switched off). */
const FeedCard = ({ settings }: { settings: SubscriptionsDto }) => {
  const { t } = useTranslation('subscriptions');
  const confirm = useConfirm();
  const create = useCreateFeed();
  const setLayers = useSetFeedLayers();
  const revoke = useRevokeFeed();
  const { feed } = settings;
  // Before there is a feed, the choice waits for "make address"; with one, each switch saves.
  const [draft, setDraft] = useState<FeedLayer[]>(feed.allowedLayers);
  const [address, setAddress] = useState<string | null>(null);
  const layers = feed.isOn ? feed.layers : draft;

  const toggle = async (layer: FeedLayer, isOn: boolean) => {
    const next = FEED_LAYERS.filter((item) => (item === layer ? isOn : layers.includes(item)));
    if (!feed.isOn) {
      setDraft(next);
      return;
    }
    try {
      await setLayers.mutateAsync({ layers: next });
      notifySuccess(t('feed.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  const makeAddress = async () => {
    if (feed.isOn) {
      const isConfirmed = await confirm({
        title: t('feed.renewTitle'),
        message: t('feed.renewQuestion'),
        confirmLabel: t('feed.renew'),
        color: 'orange',
      });
      if (!isConfirmed) return;
    }
    try {
      const created = await create.mutateAsync({ layers });
      notifySuccess(t('feed.created'));
      setAddress(new URL(created.path, window.location.origin).toString());
    } catch (error) {
      notifyError(error);
    }
  };

  const switchOff = async () => {
    const isConfirmed = await confirm({
      title: t('feed.revokeTitle'),
      message: t('feed.revokeQuestion'),
      confirmLabel: t('feed.revoke'),
      color: 'red',
    });
    if (!isConfirmed) return;
    try {
      await revoke.mutateAsync();
      notifySuccess(t('feed.revoked'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="feed-title"
      data-testid="feed-card"
      style={{ alignSelf: 'start' }}
    >
      <Stack gap="sm">
        <SectionHeader title={t('feed.title')} description={t('feed.description')} titleId="feed-title" />
        <Text size="sm" fw={500} data-testid="feed-state">
          {feed.isOn && feed.createdAt
            ? t('feed.on', { date: formatDate(feed.createdAt), prefix: feed.prefix })
            : t('feed.off')}
        </Text>
        <Stack gap="xs">
          {FEED_LAYERS.map((layer) => {
            const isAllowed = feed.allowedLayers.includes(layer);
            return (
              <Checkbox
                key={layer}
                label={t(`feed.layers.${layer}`)}
                description={isAllowed ? undefined : t('feed.notAllowed')}
                disabled={!isAllowed || setLayers.isPending}
                checked={isAllowed && layers.includes(layer)}
                onChange={(event) => void toggle(layer, event.currentTarget.checked)}
              />
            );
          })}
        </Stack>
        <Group gap="xs">
          <Button
            leftSection={feed.isOn ? <IconRefresh size={16} /> : <IconCalendarPlus size={16} />}
            variant={feed.isOn ? 'light' : 'filled'}
            loading={create.isPending}
            onClick={() => void makeAddress()}
          >
            {feed.isOn ? t('feed.renew') : t('feed.create')}
          </Button>
          {feed.isOn && (
            <Button variant="subtle" color="red" loading={revoke.isPending} onClick={() => void switchOff()}>
              {t('feed.revoke')}
            </Button>
          )}
        </Group>
      </Stack>
      <SecretDialog
        secret={address}
        title={t('feed.secretTitle')}
        message={t('feed.secretMessage')}
        footnote={t('feed.secretFootnote')}
        data-testid="feed-address"
        onClose={() => setAddress(null)}
      />
    </Card>
  );
};

/** Which events reach the person by e-mail and by push, and whether e-mails come as a daily digest. */
const NotificationsCard = ({ settings }: { settings: SubscriptionsDto }) => {
  const { t } = useTranslation('subscriptions');
  const save = useSaveNotifications();
  const current = { email: settings.email, push: settings.push, isDigest: settings.isDigest };

  const store = async (next: typeof current) => {
    try {
      await save.mutateAsync(next);
      notifySuccess(t('notifications.saved'));
    } catch (error) {
      notifyError(error);
    }
  };
  const toggle = (channel: 'email' | 'push', kind: NotificationKind, isOn: boolean) =>
    void store({
      ...current,
      [channel]: isOn ? [...current[channel], kind] : current[channel].filter((item) => item !== kind),
    });

  return (
    <Card withBorder component="section" aria-labelledby="notifications-title">
      <Stack gap="sm">
        <SectionHeader
          title={t('notifications.title')}
          description={t('notifications.description')}
          titleId="notifications-title"
        />
        <Table verticalSpacing="xs" data-testid="notification-choices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('notifications.kind')}</Table.Th>
              <Table.Th w={72}>{t('notifications.email')}</Table.Th>
              <Table.Th w={72}>{t('notifications.push')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settings.availableKinds.map((kind) => (
              <Table.Tr key={kind} data-kind={kind}>
                <Table.Td>{t(`notifications.kinds.${kind}`)}</Table.Td>
                {(['email', 'push'] as const).map((channel) => (
                  <Table.Td key={channel}>
                    <Switch
                      aria-label={`${t(`notifications.kinds.${kind}`)}: ${t(`notifications.${channel}`)}`}
                      checked={settings[channel].includes(kind)}
                      disabled={save.isPending}
                      onChange={(event) => toggle(channel, kind, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Switch
          label={t('notifications.digest')}
          checked={settings.isDigest}
          disabled={save.isPending}
          onChange={(event) => void store({ ...current, isDigest: event.currentTarget.checked })}
        />
      </Stack>
    </Card>
  );
};

/** This device's push permission and the person's devices that get push messages. */
const PushCard = ({ settings }: { settings: SubscriptionsDto }) => {
  const { t } = useTranslation('subscriptions');
  const confirm = useConfirm();
  const subscribe = useSubscribePush();
  const remove = useRemovePushDevice();
  const [permission, setPermission] = useState(pushPermission);
  const [isAsking, setAsking] = useState(false);
  // This browser's subscription, if it has one: the device among the person's that is this one.
  const [hereEndpoint, setHereEndpoint] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void currentEndpoint().then((endpoint) => isCurrent && setHereEndpoint(endpoint));
    return () => {
      isCurrent = false;
    };
  }, []);
  // Permission alone is not enough: a device removed from the list gets nothing until allowed again.
  const isHereOn =
    permission === 'granted' && settings.pushDevices.some((device) => device.endpoint === hereEndpoint);

  const enable = async () => {
    setAsking(true);
    try {
      const subscription = await subscribeThisDevice(settings.pushPublicKey);
      setPermission(pushPermission());
      if (!subscription) return;
      await subscribe.mutateAsync(subscription);
      setHereEndpoint(subscription.endpoint);
      notifySuccess(t('push.added'));
    } catch (error) {
      notifyError(error);
    } finally {
      setAsking(false);
    }
  };

  const removeDevice = async (device: SubscriptionsDto['pushDevices'][number]) => {
    const label = device.label || t('push.unknownDevice');
    const isConfirmed = await confirm({
      title: t('push.removeTitle'),
      message: t('push.removeQuestion', { label }),
      confirmLabel: t('push.remove'),
      color: 'red',
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync({ id: device.id });
      notifySuccess(t('push.removed'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="push-title">
      <Stack gap="sm">
        <SectionHeader title={t('push.title')} description={t('push.description')} titleId="push-title" />
        {permission === 'unsupported' ? (
          <Text size="sm" c="dimmed">
            {t('push.unsupported')}
          </Text>
        ) : permission === 'denied' ? (
          // The warning's colour is on the icon: orange text on white is too faint to read (WCAG).
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconBellOff size={18} color="var(--mantine-color-orange-filled)" aria-hidden />
            <Text size="sm">{t('push.denied')}</Text>
          </Group>
        ) : (
          <Button
            leftSection={<IconBell size={16} />}
            variant="light"
            loading={isAsking}
            onClick={() => void enable()}
            style={{ alignSelf: 'flex-start' }}
          >
            {isHereOn ? t('push.enabled') : t('push.enable')}
          </Button>
        )}
        <Text size="sm" fw={500}>
          {t('push.devices')}
        </Text>
        {settings.pushDevices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('push.noDevices')}
          </Text>
        ) : (
          <Stack gap={4}>
            {settings.pushDevices.map((device) => (
              <Group key={device.id} justify="space-between" wrap="nowrap" data-push-device={device.label}>
                {/* Wraps rather than cuts: on a phone the date would be lost. */}
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {device.label || t('push.unknownDevice')}{' '}
                  <Text span size="xs" c="dimmed">
                    {device.endpoint === hereEndpoint && `${t('push.here')} · `}
                    {t('push.since', { date: formatDate(device.createdAt) })}
                  </Text>
                </Text>
                <Tooltip label={t('push.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('push.remove')}
                    onClick={() => void removeDevice(device)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
};

/** `/convert/subscriptions` (SPEC §2, issue 18): what the signed-in person receives outside Karm. */
export const SubscriptionsPage = () => {
  const { t } = useTranslation('subscriptions');
  const settings = useSubscriptions();
  if (settings.isError)
    return <ErrorFallback error={settings.error} onReload={() => void settings.refetch()} />;
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} subtitle={t('intro')} />
      {settings.data ? (
        <>
          <Summary settings={settings.data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <FeedCard settings={settings.data} />
            <Stack gap="md">
              <NotificationsCard settings={settings.data} />
              <PushCard settings={settings.data} />
            </Stack>
          </SimpleGrid>
        </>
      ) : (
        <Loader aria-label={t('title')} />
      )}
    </Stack>
  );
};
