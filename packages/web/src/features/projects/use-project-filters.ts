import { DEFAULT_PROJECT_FILTERS, type ProjectFilters, projectFiltersSchema } from '@karm/domain/rules';
import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { notifyError } from '@/components/notify/notify';
import { savePageSize } from '@/lib/page-size';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { useProjectFiltersStore } from '@/lib/store/work-stores';

/** The profile copy follows the list after the person pauses, not at every click. */
export const PROFILE_SAVE_DELAY_MS = 800;

type Stored = Record<string, unknown> | undefined;

const hasKeys = (value: Stored): value is Record<string, unknown> =>
  value !== undefined && Object.keys(value).length > 0;

/**
 * Reads stored filters field by field: a field an older version stored in another shape falls back
 * to its default while the others survive (parsing the whole object would lose them all).
 */
export const readFilters = (stored: Stored): ProjectFilters => {
  const source = stored ?? {};
  const whole = projectFiltersSchema.safeParse(source);
  if (whole.success) return whole.data;
  const fields = Object.entries(projectFiltersSchema.shape).map(([key, field]) => {
    const parsed = field.safeParse(source[key]);
    return [key, parsed.success ? parsed.data : field.parse(undefined)] as const;
  });
  return Object.fromEntries(fields) as ProjectFilters;
};

/** Fields that narrow the list beyond the quick ones in the bar (search, mine/all, status, sort). */
export const MORE_FILTER_FIELDS = [
  'projectManager',
  'customer',
  'departments',
  'hasInvoice',
  'startDate',
  'deliveryDate',
  'group',
  'endedRange',
  'fromDate',
  'toDate',
  'processFilter',
  'selectedProcessFilter',
] as const satisfies readonly (keyof ProjectFilters)[];

const isDefault = (filters: ProjectFilters, field: keyof ProjectFilters) =>
  JSON.stringify(filters[field]) === JSON.stringify(DEFAULT_PROJECT_FILTERS[field]);

export const countMoreFilters = (filters: ProjectFilters) =>
  MORE_FILTER_FIELDS.filter((field) => !isDefault(filters, field)).length;

/** True when the filters narrow or order the list differently from the defaults (paging aside). */
export const isFiltered = (filters: ProjectFilters) =>
  (Object.keys(DEFAULT_PROJECT_FILTERS) as (keyof ProjectFilters)[]).some(
    (field) => field !== 'pageNumber' && field !== 'pageSize' && !isDefault(filters, field),
  );

/**
 * The filters with the person's page size: that is a preference of every paged list (the profile's
 * `pageSize`), not a filter; a page size stored with older filters is only read while none is chosen.
 */
const withPageSize = (filters: ProjectFilters, pageSize: number | undefined): ProjectFilters =>
  pageSize === undefined ? filters : { ...filters, pageSize };

/** What the list uses now: the store's filters, or the profile's copy while the store is empty. */
const currentFilters = () => {
  const stored = useProjectFiltersStore.getState().filters;
  const profile = useAuthStore.getState().user?.profile;
  return withPageSize(readFilters(hasKeys(stored) ? stored : profile?.projectFilters), profile?.pageSize);
};

const subscribeHydration = (onChange: () => void) =>
  useProjectFiltersStore.persist.onFinishHydration(onChange);
const isHydrated = () => useProjectFiltersStore.persist.hasHydrated();

/**
 * The project list filters (SPEC §3, §9). They live in the persisted, encrypted store, so a reload
 * keeps them, and are copied to the user's profile, so a new browser (or one wiped at logout) gets
 * them back. The store wins when it holds anything; otherwise the profile's copy is used.
 */
export const useProjectFilters = () => {
  const hydrated = useSyncExternalStore(subscribeHydration, isHydrated, isHydrated);
  const stored = useProjectFiltersStore((state) => state.filters);
  const setStored = useProjectFiltersStore((state) => state.setFilters);
  const profileFilters = useAuthStore((state) => state.user?.profile.projectFilters);
  const pageSize = useAuthStore((state) => state.user?.profile.pageSize);
  const filters = useMemo(
    () => withPageSize(readFilters(hasKeys(stored) ? stored : profileFilters), pageSize),
    [stored, profileFilters, pageSize],
  );

  const saveToProfile = useDebouncedCallback(
    async (projectFilters: ProjectFilters) => {
      if (!useAuthStore.getState().user) return;
      try {
        const user = await request('user:update-profile', { projectFilters });
        useAuthStore.getState().setUser(user);
      } catch {
        // The local copy is what the list uses; the profile copy catches up at the next change.
      }
    },
    { delay: PROFILE_SAVE_DELAY_MS, flushOnUnmount: true },
  );

  const store = useCallback(
    (next: ProjectFilters) => {
      setStored({ ...next });
      saveToProfile(next);
    },
    [setStored, saveToProfile],
  );

  /** Changes some filters; any change but the page itself starts again at page 1. */
  const setFilters = useCallback(
    (changes: Partial<ProjectFilters>) => {
      // "Per page" sets the person's page size for every list (the profile's), shown here at once.
      if (changes.pageSize !== undefined) void savePageSize(changes.pageSize).catch(notifyError);
      const current = currentFilters();
      const isPaging = Object.keys(changes).every((field) => field === 'pageNumber');
      store({ ...current, ...changes, pageNumber: isPaging ? (changes.pageNumber ?? 1) : 1 });
    },
    [store],
  );

  const resetFilters = useCallback(() => {
    // The page size is a preference rather than a filter; it survives a reset.
    store({ ...DEFAULT_PROJECT_FILTERS, pageSize: currentFilters().pageSize });
  }, [store]);

  return { filters, setFilters, resetFilters, isReady: hydrated };
};

/**
 * Filters a link carries (`?filters=<json>`, the dashboard's cards): the fields it names over the
 * defaults, so the list shows exactly what the link counted. Null when the text is not such filters.
 */
export const linkedFilters = (text: string | null): Partial<ProjectFilters> | null => {
  if (!text) return null;
  try {
    const parsed = projectFiltersSchema.partial().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
