import { DEFAULT_PROJECT_FILTERS, type ProjectFilters, projectFiltersSchema } from '@karm/domain/rules';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useProjectFiltersStore } from '@/lib/store/work-stores';

const SEARCH_DEBOUNCE_MS = 300;

/** The stored project filters (SPEC §9 persisted store), or the defaults when none or unreadable. */
const readFilters = (stored: Record<string, unknown>): ProjectFilters => {
  const parsed = projectFiltersSchema.safeParse(stored);
  return parsed.success ? parsed.data : { ...DEFAULT_PROJECT_FILTERS };
};

/**
 * The grid's filters: Mine/All and status are the user's stored project filters (shared with the
 * project list), the search text and the page belong to this screen. Any change goes back to page 1.
 */
export const useGridFilters = () => {
  const stored = useProjectFiltersStore((state) => state.filters);
  const setStored = useProjectFiltersStore((state) => state.setFilters);
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pageNumber, setPageNumber] = useState(1);

  const filters = useMemo<ProjectFilters>(
    () => ({ ...readFilters(stored), searchQuery: debouncedSearch, pageNumber }),
    [stored, debouncedSearch, pageNumber],
  );

  const change = (patch: Pick<Partial<ProjectFilters>, 'who' | 'status'>) => {
    setStored({ ...stored, ...patch, pageNumber: 1 });
    setPageNumber(1);
  };

  return {
    filters,
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      setPageNumber(1);
    },
    setWho: (who: ProjectFilters['who']) => change({ who }),
    setStatus: (status: ProjectFilters['status']) => change({ status }),
    setPageNumber,
  };
};
