import { ActionIcon, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useAuthStore } from '@/lib/store/auth-store';
import {
  type DrawerAction,
  type DrawerLink,
  drawerItemsFor,
  isDrawerGroup,
  type NewItemAction,
  pathOf,
} from './drawer-items';

type AppDrawerProps = {
  collapsed: boolean;
  openGroups: string[];
  onToggleCollapsed: () => void;
  onToggleGroup: (groupId: string) => void;
  onAction: (action: NewItemAction) => void;
  onNavigate: () => void;
};

/** The side drawer (SPEC §2). Collapsed, it shows icons with their names as tooltips. */
export const AppDrawer = ({
  collapsed,
  openGroups,
  onToggleCollapsed,
  onToggleGroup,
  onAction,
  onNavigate,
}: AppDrawerProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useAuthStore((state) => state.user);

  const renderEntry = (entry: DrawerLink | DrawerAction, isChild = false) => {
    const label = t(entry.labelKey);
    const to = entry.kind === 'link' ? pathOf(entry) : '';
    const link =
      entry.kind === 'link' ? (
        <NavLink
          key={entry.labelKey}
          component={RouterLink}
          to={to}
          end={to === '/'}
          label={collapsed ? undefined : label}
          aria-label={label}
          leftSection={entry.icon}
          active={to === '/' ? pathname === '/' : pathname.startsWith(to)}
          onClick={onNavigate}
          pl={isChild && !collapsed ? 'lg' : undefined}
        />
      ) : (
        <NavLink
          key={entry.labelKey}
          component="button"
          label={collapsed ? undefined : label}
          aria-label={label}
          leftSection={entry.icon}
          onClick={() => onAction(entry.action)}
          pl={isChild && !collapsed ? 'lg' : undefined}
        />
      );
    return collapsed ? (
      <Tooltip key={entry.labelKey} label={label} position="right" withArrow>
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  return (
    <Stack gap={0} h="100%">
      <ScrollArea style={{ flex: 1 }} type="auto">
        <nav aria-label={t('nav:mainNavigation')}>
          {drawerItemsFor(user).map((item) =>
            isDrawerGroup(item) ? (
              collapsed ? (
                item.children.map((child) => renderEntry(child))
              ) : (
                <NavLink
                  key={item.id}
                  label={t(item.labelKey)}
                  leftSection={item.icon}
                  opened={openGroups.includes(item.id)}
                  onChange={() => onToggleGroup(item.id)}
                  childrenOffset={0}
                  data-testid={`drawer-group-${item.id}`}
                >
                  {item.children.map((child) => renderEntry(child, true))}
                </NavLink>
              )
            ) : (
              renderEntry(item)
            ),
          )}
        </nav>
      </ScrollArea>
      <Tooltip label={t(collapsed ? 'nav:expandDrawer' : 'nav:collapseDrawer')} position="right">
        <ActionIcon
          variant="subtle"
          size="lg"
          m="xs"
          onClick={onToggleCollapsed}
          aria-label={t(collapsed ? 'nav:expandDrawer' : 'nav:collapseDrawer')}
        >
          {collapsed ? (
            <IconLayoutSidebarLeftExpand size={20} />
          ) : (
            <IconLayoutSidebarLeftCollapse size={20} />
          )}
        </ActionIcon>
      </Tooltip>
    </Stack>
  );
};
