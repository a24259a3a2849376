import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@karm/domain/contract';
import { request } from './socket';
import { useAuthStore } from './store/auth-store';

export const isPageSize = (value: number): value is PageSize =>
  (PAGE_SIZES as readonly number[]).includes(value);

/** The rows per page of the paged lists: the person's choice in the profile, else SPEC §9's 20. */
export const usePageSize = (): PageSize =>
  useAuthStore((state) => state.user?.profile.pageSize ?? (DEFAULT_PAGE_SIZE as PageSize));

/**
 * Makes a page size the person's preference, from the profile or from any list's "per page": the
 * lists follow at once, and the profile keeps it for the next sign-in and the other tabs. A refused
 * save puts the previous choice back and rejects, for the caller to say so.
 */
export const savePageSize = async (pageSize: number) => {
  const { user, setUser } = useAuthStore.getState();
  if (!user || !isPageSize(pageSize)) return;
  setUser({ ...user, profile: { ...user.profile, pageSize } });
  try {
    setUser(await request('user:update-profile', { pageSize }));
  } catch (error) {
    const current = useAuthStore.getState().user;
    if (current) setUser({ ...current, profile: { ...current.profile, pageSize: user.profile.pageSize } });
    throw error;
  }
};
