import { COMPANY_PUSHES, type CompanyDto } from '@karm/domain/contract';
import { AppShell } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/nb';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { AppErrorBoundary } from '@/components';
import { useReleaseNotesAfterUpdate } from '@/features/help';
import { useBillingSettingsPushes } from '@/lib/api/billing-settings';
import { useCollectionPushes } from '@/lib/api/collections';
import { useConfirmationPushes } from '@/lib/api/confirmations';
import { useCustomerPushes } from '@/lib/api/customers';
import { useEmployeePushes } from '@/lib/api/employees';
import { useInvoicePushes } from '@/lib/api/invoices';
import { queryClient } from '@/lib/query-client';
import { signOut } from '@/lib/session';
import { onPush, request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { useCompanyStore } from '@/lib/store/company-store';
import { mayOpen } from '../route-access';
import { href, offerHref, ROUTES, type RouteName } from '../routes';
import { AppDrawer } from '../shell/app-drawer';
import { AppHeader } from '../shell/app-header';
import type { NewItemAction } from '../shell/drawer-items';
import { ErrorMessageDialog } from '../shell/error-message-dialog';
import { HelpDialog } from '../shell/help-dialog';
import { NoAccessScreen } from '../shell/no-access-screen';
import { useApplyProfile } from '../shell/use-apply-profile';
import { useDrawerState } from '../shell/use-drawer-state';

// The drawer's "new inquiry" and "new project" dialogs load with their code when first opened.
const InquiryDialog = lazy(() =>
  import('@/features/inquiries').then((module) => ({ default: module.InquiryDialog })),
);
const ProjectDialog = lazy(() =>
  import('@/features/projects').then((module) => ({ default: module.ProjectDialog })),
);
// The release notes carry the whole changelog: they load when first opened.
const ReleaseNotesDialog = lazy(() =>
  import('@/features/help/release-notes-dialog').then((module) => ({ default: module.ReleaseNotesDialog })),
);

const isRouteName = (id: string): id is RouteName => Object.hasOwn(ROUTES, id);

/** The current screen, or a plain "not for your role" when the user's permissions do not open it. */
const PermittedScreen = () => {
  const route = useMatches().at(-1)?.id;
  const user = useAuthStore((state) => state.user);
  if (route && isRouteName(route) && !mayOpen(route, user)) return <NoAccessScreen />;
  return <Outlet />;
};

const DRAWER_WIDTH = 260;
const DRAWER_COLLAPSED_WIDTH = 64;

/** The signed-in frame: header, side drawer and the current screen. */
export const MainLayout = () => {
  const navigate = useNavigate();
  const [isNavOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [isHelpOpened, help] = useDisclosure(false);
  const releaseNotes = useReleaseNotesAfterUpdate();
  // Like the new-item dialogs: loaded on first opening, then kept mounted.
  const [hasOpenedReleaseNotes, setHasOpenedReleaseNotes] = useState(false);
  if (releaseNotes.isOpen && !hasOpenedReleaseNotes) setHasOpenedReleaseNotes(true);
  const [newItem, setNewItem] = useState<NewItemAction | null>(null);
  // Once opened, a dialog stays mounted so that closing it animates like every other dialog.
  const [usedItems, setUsedItems] = useState<ReadonlySet<NewItemAction>>(new Set());
  const openNewItem = (item: NewItemAction) => {
    setNewItem(item);
    setUsedItems((used) => (used.has(item) ? used : new Set([...used, item])));
  };
  const drawer = useDrawerState();
  const setCompany = useCompanyStore((state) => state.setCompany);
  useApplyProfile();
  useEmployeePushes();
  useCustomerPushes();
  useCollectionPushes();
  useInvoicePushes();
  useBillingSettingsPushes();
  useConfirmationPushes();

  useEffect(() => {
    void request('company:get-info').then(setCompany);
    // The header's name and logo follow a save made anywhere.
    return onPush<CompanyDto>(COMPANY_PUSHES.changed, setCompany);
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
          onWhatsNew={releaseNotes.open}
          onLogout={() => void logout()}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <AppDrawer
          collapsed={drawer.collapsed}
          openGroups={drawer.openGroups}
          onToggleCollapsed={drawer.toggleCollapsed}
          onToggleGroup={drawer.toggleGroup}
          onAction={openNewItem}
          onNavigate={closeNav}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <AppErrorBoundary>
          <PermittedScreen />
        </AppErrorBoundary>
      </AppShell.Main>
      <HelpDialog opened={isHelpOpened} onClose={help.close} />
      <Suspense fallback={null}>
        {usedItems.has('addNewInquiry') && (
          <InquiryDialog
            opened={newItem === 'addNewInquiry'}
            onClose={() => setNewItem(null)}
            offerHref={offerHref}
          />
        )}
        {hasOpenedReleaseNotes && (
          <ReleaseNotesDialog opened={releaseNotes.isOpen} onClose={releaseNotes.close} />
        )}
        {usedItems.has('addNewProject') && (
          <ProjectDialog opened={newItem === 'addNewProject'} onClose={() => setNewItem(null)} />
        )}
      </Suspense>
      <ErrorMessageDialog />
    </AppShell>
  );
};

/** Calendars follow the app's language; weeks start on Monday in Norway. */
const LocalisedDates = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language === 'nb' ? 'nb' : 'en', firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
};

/**
 * The signed-in app: the frame and its screens, with the query cache and date settings they share.
 * The sign-in page uses neither, so they stay out of what /login loads.
 */
export const SignedInLayout = () => (
  <QueryClientProvider client={queryClient}>
    <LocalisedDates>
      <MainLayout />
    </LocalisedDates>
  </QueryClientProvider>
);
