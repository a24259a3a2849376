import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconApps,
  IconBrandApple,
  IconCircleCheck,
  IconDeviceDesktopDown,
  IconDots,
  IconDotsVertical,
  IconDownload,
  IconInfoCircle,
  IconPlus,
  IconShare2,
  IconWorld,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess, PageHeader, ReleaseNotesList } from '@/components';
import { RUNNING_VERSION } from '@/lib/app-version';
import { RELEASE_NOTES } from '@/lib/changelog';
import { isRunningInstalled, useInstallStore } from '@/lib/install-prompt';
import { detectPlatform, type InstallSteps, installStepsFor } from './browser';

/** The pictures of each step: what the person looks for on their screen. */
const STEP_ICONS: Record<Exclude<InstallSteps, 'unsupported'>, ReactNode[]> = {
  edge: [<IconDots key="menu" />, <IconApps key="apps" />, <IconDownload key="install" />],
  chrome: [
    <IconDotsVertical key="menu" />,
    <IconDeviceDesktopDown key="install" />,
    <IconDownload key="confirm" />,
  ],
  macSafari: [<IconBrandApple key="file" />, <IconPlus key="dock" />, <IconDownload key="add" />],
  iosSafari: [<IconShare2 key="share" />, <IconPlus key="home" />, <IconDownload key="add" />],
  android: [<IconDotsVertical key="menu" />, <IconDownload key="install" />, <IconDownload key="confirm" />],
};

const StepsFor = ({ steps }: { steps: Exclude<InstallSteps, 'unsupported'> }) => {
  const { t } = useTranslation('client');
  const icons = STEP_ICONS[steps];
  return (
    <Timeline
      active={icons.length}
      bulletSize={32}
      lineWidth={2}
      role="group"
      aria-label={t('download.stepsLabel')}
    >
      {icons.map((icon, index) => (
        <Timeline.Item
          // Steps are fixed per browser: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          key={index}
          bullet={icon}
          title={t(`steps.${steps}.${index + 1}.title`)}
        >
          <Text size="sm" c="dimmed">
            {t(`steps.${steps}.${index + 1}.text`)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
};

/** The installing part: the browser's own offer when it made one, else the steps for this browser. */
const InstallCard = () => {
  const { t } = useTranslation('client');
  const offer = useInstallStore((state) => state.offer);
  const isJustInstalled = useInstallStore((state) => state.isJustInstalled);
  const [isAsking, setAsking] = useState(false);
  const steps = useMemo(
    () => installStepsFor(detectPlatform(navigator.userAgent, navigator.maxTouchPoints)),
    [],
  );

  const install = async () => {
    if (!offer) return;
    setAsking(true);
    try {
      await offer.prompt();
      const { outcome } = await offer.userChoice;
      // The browser's offer can be used once.
      useInstallStore.setState({ offer: null });
      if (outcome === 'accepted') notifySuccess(t('download.installing'));
    } finally {
      setAsking(false);
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="install-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="install-title">
          {t('download.installTitle')}
        </Title>
        <Text size="sm">{t('download.about')}</Text>
        {isRunningInstalled() ? (
          <Alert color="green" icon={<IconCircleCheck />} title={t('download.runningInstalled')} />
        ) : isJustInstalled ? (
          <Alert color="green" icon={<IconCircleCheck />} title={t('download.justInstalled')}>
            {t('download.justInstalledText')}
          </Alert>
        ) : offer ? (
          <Group>
            <Button
              size="md"
              leftSection={<IconDownload size={18} />}
              loading={isAsking}
              onClick={() => void install()}
            >
              {t('download.install')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('download.installHint')}
            </Text>
          </Group>
        ) : steps === 'unsupported' ? (
          <Alert color="yellow" icon={<IconWorld />} title={t('download.unsupportedTitle')}>
            {t('download.unsupportedText')}
          </Alert>
        ) : (
          <StepsFor steps={steps} />
        )}
      </Stack>
    </Card>
  );
};

/**
 * SPEC §1 "a download page for a Windows client version" (`/convert/download`). Karm's client is
 * the installable web app: on Windows with Edge or Chrome one button installs it (the browser's
 * `beforeinstallprompt` offer, caught at start), elsewhere the page shows the steps for the browser at
 * hand. Nothing is downloaded: the installed client updates itself with every new version.
 */
export const DownloadPage = () => {
  const { t } = useTranslation('client');
  return (
    <Stack gap="lg">
      <PageHeader title={t('nav:clientDownload')} subtitle={t('download.subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <InstallCard />
        <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="version-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="version-title">
              {t('download.versionTitle')}
            </Title>
            <Group gap="xs">
              <Text size="sm">{t('download.version')}</Text>
              <Badge variant="light" size="lg" data-testid="running-version">
                {RUNNING_VERSION}
              </Badge>
            </Group>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size="sm" radius="xl">
                <IconInfoCircle size={14} />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                {t('download.updates')}
              </Text>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="notes-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="notes-title">
            {t('download.releaseNotes')}
          </Title>
          <ReleaseNotesList notes={RELEASE_NOTES.slice(0, 3)} />
        </Stack>
      </Card>
    </Stack>
  );
};
