import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';

type DrawerState = { collapsed: boolean; openGroups: string[] };

const SAVE_DELAY_MS = 600;

/**
 * The drawer's collapsed state and open groups, remembered in the user's profile (`profile.drawer`)
 * so they follow the user to any browser. Changes show at once and are saved shortly after.
 */
export const useDrawerState = () => {
  const saved = useAuthStore((state) => state.user?.profile.drawer);
  const [drawer, setDrawer] = useState<DrawerState>({
    collapsed: saved?.collapsed ?? false,
    openGroups: saved?.openGroups ?? ['inquiries', 'projects'],
  });
  const save = useDebouncedCallback((next: DrawerState) => {
    void request('user:update-profile', { drawer: next }).then((user) =>
      useAuthStore.getState().setUser(user),
    );
  }, SAVE_DELAY_MS);

  const update = (next: DrawerState) => {
    setDrawer(next);
    save(next);
  };

  return {
    ...drawer,
    toggleCollapsed: () => update({ ...drawer, collapsed: !drawer.collapsed }),
    toggleGroup: (groupId: string) =>
      update({
        ...drawer,
        openGroups: drawer.openGroups.includes(groupId)
          ? drawer.openGroups.filter((id) => id !== groupId)
          : [...drawer.openGroups, groupId],
      }),
  };
};
