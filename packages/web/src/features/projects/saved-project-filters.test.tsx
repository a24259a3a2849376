import { DEFAULT_PROJECT_FILTERS } from '@karm/domain/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { useProjectFiltersStore } from '@/lib/store/work-stores';
import { answer, aUser, DEPARTMENT, MANAGER, renderProjects } from './projects-testing';
import { SavedProjectFilters } from './saved-project-filters';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
const requestMock = vi.mocked(request);
const me = aUser();

beforeEach(() => {
  requestMock.mockReset();
  answer(requestMock, {
    'project-manager:get': () => [MANAGER],
    'project_department:get': () => [DEPARTMENT],
    'user:update-profile': ({ projectFilters }) => ({ ...me, profile: { ...me.profile, projectFilters } }),
  });
  useAuthStore.setState({ user: me });
  useProjectFiltersStore.setState({ filters: {} });
});

const termOf = (list: HTMLElement, label: string) =>
  within(list).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('SavedProjectFilters', () => {
  it('says the list uses the standard filters while none are saved, and offers no reset', () => {
    renderProjects(<SavedProjectFilters />);
    expect(screen.getByText('The project list uses the standard filters:')).toBeInTheDocument();
    const list = screen.getByText('Whose projects').closest('dl')!;
    expect(termOf(list, 'Whose projects')).toBe('Mine');
    expect(termOf(list, 'Status')).toBe('Active');
    expect(termOf(list, 'Sort by')).toBe('Delivery date, ascending');
    expect(screen.getByRole('button', { name: 'Reset project filters' })).toBeDisabled();
  });

  it('names the saved filters in words, with the names behind their ids, and resets them after asking', async () => {
    useProjectFiltersStore.setState({
      filters: {
        who: 'alle',
        status: 'completed',
        searchQuery: 'skole',
        projectManager: MANAGER.id,
        departments: [DEPARTMENT.id],
        hasInvoice: true,
        startDate: '2026-03-01',
        sortDirection: 'desc',
        pageSize: 50,
      },
    });
    renderProjects(<SavedProjectFilters />);
    const list = screen.getByText('Whose projects').closest('dl')!;
    expect(termOf(list, 'Whose projects')).toBe('All');
    expect(termOf(list, 'Status')).toBe('Completed');
    expect(termOf(list, 'Search projects')).toBe('«skole»');
    expect(termOf(list, 'Invoice')).toBe('Has an invoice');
    expect(termOf(list, 'Starts on or after')).toBe('01.03.2026');
    expect(termOf(list, 'Sort by')).toBe('Delivery date, descending');
    await waitFor(() => expect(termOf(list, 'Project manager')).toBe(MANAGER.displayName));
    await waitFor(() => expect(termOf(list, 'Departments')).toBe(DEPARTMENT.displayName));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset project filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the project filters?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByText('Project filters reset')).toBeInTheDocument();
    expect(useProjectFiltersStore.getState().filters).toEqual({ ...DEFAULT_PROJECT_FILTERS, pageSize: 50 });
    expect(screen.getByText('The project list uses the standard filters:')).toBeInTheDocument();
  });
});
