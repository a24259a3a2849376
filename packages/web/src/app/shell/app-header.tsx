import { isoWeekOf, osloDateOf } from '@karm/domain/rules';
import {
  ActionIcon,
  Badge,
  Burger,
  Group,
  Image,
  Menu,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBell,
  IconExternalLink,
  IconHelp,
  IconList,
  IconLogout,
  IconSparkles,
  IconUser,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/user-avatar/user-avatar';
import { useCompanyDefaultFiles } from '@/lib/api/company';
import { useCan } from '@/lib/permissions';
import { useAuthStore } from '@/lib/store/auth-store';
import { useCompanyStore } from '@/lib/store/company-store';
import { useIsPhone } from '@/lib/use-is-phone';
import { ROUTES } from '../routes';
import { SearchBox } from './search-box';

// The messages menu loads with its own code, after the header has drawn.
const MessagesIndicator = lazy(() =>
  import('@/features/messages').then((module) => ({ default: module.MessagesIndicator })),
);

type AppHeaderProps = {
  isNavOpened: boolean;
  onToggleNav: () => void;
  onHelp: () => void;
  /** Opens the release notes. */
  onWhatsNew: () => void;
  onLogout: () => void;
};

/** SPEC §2 header: help, search, week, profile, logout, logs, company, open new; and the messages (§2). */
export const AppHeader = ({ isNavOpened, onToggleNav, onHelp, onWhatsNew, onLogout }: AppHeaderProps) => {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const company = useCompanyStore((state) => state.company);
  const logoUrl = useCompanyDefaultFiles(company).data?.logo?.url;
  const mayReadLogs = useCan('system.manage');
  const { week } = isoWeekOf(osloDateOf(new Date()));
  const isPhone = useIsPhone();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isNavOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('header.menu')}
        />
        <Title order={3} c="blue.7">
          <Link to={ROUTES.dashboard} style={{ color: 'inherit', textDecoration: 'none' }}>
            {t('appName')}
          </Link>
        </Title>
        {logoUrl && (
          // Decorative: the company's name follows it.
          <Image
            src={logoUrl}
            alt=""
            h={28}
            w="auto"
            maw={110}
            fit="contain"
            visibleFrom="md"
            data-testid="header-logo"
          />
        )}
        {company && (
          <Tooltip label={t('header.company')}>
            <Text
              component={Link}
              to={ROUTES.company}
              size="sm"
              c="dimmed"
              visibleFrom="md"
              truncate
              maw={220}
              data-testid="header-company"
            >
              {company.name}
            </Text>
          </Tooltip>
        )}
      </Group>
      <SearchBox />
      <Group gap={6} wrap="nowrap">
        {/* A phone has room for the number only; the whole label is still what it says aloud. */}
        <Badge
          variant="light"
          size="lg"
          radius="sm"
          data-testid="header-week"
          aria-label={t('header.week', { week })}
          style={{ flexShrink: 0 }}
        >
          {isPhone ? t('header.weekShort', { week }) : t('header.week', { week })}
        </Badge>
        <Tooltip label={t('header.help')}>
          <ActionIcon variant="subtle" size="lg" onClick={onHelp} aria-label={t('header.help')}>
            <IconHelp size={20} />
          </ActionIcon>
        </Tooltip>
        <Suspense fallback={null}>
          <MessagesIndicator messagesPath={ROUTES.messages} />
        </Suspense>
        <Tooltip label={t('header.openNew')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('header.openNew')}
            onClick={() => window.open(window.location.href, '_blank', 'noopener')}
          >
            <IconExternalLink size={20} />
          </ActionIcon>
        </Tooltip>
        {/* The server log is for whoever manages the system (the permission table says so too). */}
        {mayReadLogs && (
          <Tooltip label={t('header.logs')}>
            <ActionIcon
              component={Link}
              to={ROUTES.logs}
              variant="subtle"
              size="lg"
              aria-label={t('header.logs')}
            >
              <IconList size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        <Menu position="bottom-end" withArrow>
          <Menu.Target>
            <UnstyledButton aria-label={t('header.profile')} data-testid="header-profile">
              <Group gap={8} wrap="nowrap">
                <UserAvatar fileId={user?.profile.avatarImage} name={user?.fullName ?? ''} size={28} />
                <Text size="sm" visibleFrom="sm" truncate maw={160}>
                  {user?.fullName}
                </Text>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={ROUTES.profile} leftSection={<IconUser size={16} />}>
              {t('header.profile')}
            </Menu.Item>
            <Menu.Item component={Link} to={ROUTES.convertSubscriptions} leftSection={<IconBell size={16} />}>
              {t('nav:subscriptions')}
            </Menu.Item>
            <Menu.Item onClick={onWhatsNew} leftSection={<IconSparkles size={16} />}>
              {t('help:releaseNotes.menu')}
            </Menu.Item>
            <Menu.Item onClick={onLogout} leftSection={<IconLogout size={16} />}>
              {t('header.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Tooltip label={t('header.logout')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            color="red"
            onClick={onLogout}
            aria-label={t('header.logout')}
          >
            <IconLogout size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
};
