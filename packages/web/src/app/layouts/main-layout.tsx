import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppErrorBoundary } from '@/components';
import { InquiryDialog } from '@/features/inquiries';
import { ProjectDialog } from '@/features/projects';
import { useCustomerPushes } from '@/lib/api/customers';
import { useEmployeePushes } from '@/lib/api/employees';
import { signOut } from '@/lib/session';
import { request } from '@/lib/socket';
import { useCompanyStore } from '@/lib/store/company-store';
import { offerHref } from '../offers-screen';
import { href } from '../routes';
import { AppDrawer } from '../shell/app-drawer';
import { AppHeader } from '../shell/app-header';
import type { NewItemAction } from '../shell/drawer-items';
import { ErrorMessageDialog } from '../shell/error-message-dialog';
import { HelpDialog } from '../shell/help-dialog';
import { useApplyProfile } from '../shell/use-apply-profile';
import { useDrawerState } from '../shell/use-drawer-state';

const DRAWER_WIDTH = 260;
const DRAWER_COLLAPSED_WIDTH = 64;

/** The signed-in frame: header, side drawer and the current screen. */
export const MainLayout = () => {
  const navigate = useNavigate();
  const [isNavOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [isHelpOpened, help] = useDisclosure(false);
  const [newItem, setNewItem] = useState<NewItemAction | null>(null);
  const drawer = useDrawerState();
  const setCompany = useCompanyStore((state) => state.setCompany);
  useApplyProfile();
  useEmployeePushes();
  useCustomerPushes();

  useEffect(() => {
    void request('company:get-info').then(setCompany);
  }, [setCompany]);

  // A link inside a drawer-opened dialog ("Offer N") leads to another screen: the dialog closes.
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => setNewItem(null), [pathname]);

  const logout = async () => {
    await signOut();
    await navigate(href.login());
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: drawer.collapsed ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !isNavOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader
          isNavOpened={isNavOpened}
          onToggleNav={toggleNav}
          onHelp={help.open}
          onLogout={() => void logout()}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <AppDrawer
          collapsed={drawer.collapsed}
          openGroups={drawer.openGroups}
          onToggleCollapsed={drawer.toggleCollapsed}
          onToggleGroup={drawer.toggleGroup}
          onAction={setNewItem}
          onNavigate={closeNav}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <AppErrorBoundary>
          <Outlet />
        </AppErrorBoundary>
      </AppShell.Main>
      <HelpDialog opened={isHelpOpened} onClose={help.close} />
      <InquiryDialog
        opened={newItem === 'addNewInquiry'}
        onClose={() => setNewItem(null)}
        offerHref={offerHref}
      />
      <ProjectDialog opened={newItem === 'addNewProject'} onClose={() => setNewItem(null)} />
      <ErrorMessageDialog />
    </AppShell>
  );
};
