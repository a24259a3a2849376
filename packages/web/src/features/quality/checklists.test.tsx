import type { ChecklistDetailDto, ChecklistItemDto, DeviationDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { useAuthStore } from '@/lib/store/auth-store';
import { aPage, aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { ProjectQuality } from './project-quality';
import { QualityPage } from './quality-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const httpMock = vi.mocked(http);

const RUN_ID = '80000000-0000-7000-8000-000000000001';
const ROW_ID = '80000000-0000-7000-8000-000000000010';
const OK = '80000000-0000-7000-8000-000000000020';
const NOT_OK = '80000000-0000-7000-8000-000000000021';
const DEVIATION_ID = '80000000-0000-7000-8000-000000000030';
const PROJECT_ID = '80000000-0000-7000-8000-000000000040';

const item = (changes: Partial<ChecklistItemDto> = {}): ChecklistItemDto => ({
  rowId: ROW_ID,
  name: 'Glass uten riper',
  type: 'singleAnswer',
  note: '',
  answers: [
    {
      id: OK,
      name: 'OK',
      color: '#2f9e44',
      isCommentRequired: false,
      isPictureRequired: false,
      isDeviationRequired: false,
    },
    {
      id: NOT_OK,
      name: 'Ikke OK',
      color: '#e03131',
      isCommentRequired: true,
      isPictureRequired: false,
      isDeviationRequired: true,
    },
  ],
  answerIds: [],
  value: '',
  comment: '',
  pictureIds: [],
  deviationId: null,
  deviationNumber: null,
  answeredByName: null,
  answeredAt: null,
  ...changes,
});

const run = (version: number, itemChanges: Partial<ChecklistItemDto> = {}): ChecklistDetailDto => ({
  id: RUN_ID,
  number: 4,
  name: 'Sluttkontroll før levering',
  status: 'open',
  projectId: PROJECT_ID,
  projectNumber: 1042,
  projectName: 'Skole Lørenskog',
  templateId: null,
  processColumnId: null,
  stepNameNo: 'Kontroll',
  stepNameEn: 'Inspection',
  deviationCategory: 'production',
  startedAt: '2026-03-01T09:00:00.000Z',
  startedByName: 'Tor',
  answeredCount: itemChanges.answerIds?.length ? 1 : 0,
  itemCount: 1,
  notOkCount: itemChanges.answerIds?.includes(NOT_OK) ? 1 : 0,
  completedAt: null,
  signedName: null,
  pdfFileId: null,
  version,
  info: '',
  groups: [
    { id: 'g', name: 'Dører og vinduer', typeGroup: 'checklist', info: '', items: [item(itemChanges)] },
  ],
});

const DEVIATION: DeviationDto = {
  id: DEVIATION_ID,
  number: 12,
  title: 'Glass uten riper',
  description: 'Sluttkontroll før levering #4: Ikke OK',
  category: 'production',
  severity: 'medium',
  status: 'open',
  date: '2026-03-01',
  projectId: PROJECT_ID,
  projectNumber: 1042,
  projectName: 'Skole Lørenskog',
  serviceItemId: null,
  product: '',
  supplier: '',
  pictureIds: [],
  reportedById: null,
  reportedByName: 'Tor',
  reportedAt: '2026-03-01T09:00:00.000Z',
  handlerId: null,
  handlerName: null,
  rootCause: '',
  costOre: 0,
  actions: [],
  hasOverdueActions: false,
  closedAt: null,
  version: 1,
};

let calls: { method: string; path: string; body?: unknown; query?: unknown }[];
let current: ChecklistDetailDto;

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  calls = [];
  current = run(1);
  httpMock.mockReset();
  httpMock.mockImplementation((async (
    path: string,
    options: { method?: string; body?: Record<string, unknown>; query?: unknown } = {},
  ) => {
    const method = options.method ?? 'GET';
    calls.push({ method, path, body: options.body, query: options.query });
    if (path === '/quality/checklists') return aPage([current]);
    if (path === '/quality/checklists/templates') return aPage([]);
    if (path === '/quality/checklists/steps') return [];
    if (path === '/quality/deviations') return aPage([]);
    if (path === '/quality/people') return [];
    if (path === `/quality/checklists/${RUN_ID}`) return current;
    if (path === `/quality/checklists/${RUN_ID}/items/${ROW_ID}`) {
      current = run(current.version + 1, {
        answerIds: options.body?.answerIds as string[],
        comment: options.body?.comment as string,
      });
      return current;
    }
    if (path === `/quality/checklists/${RUN_ID}/items/${ROW_ID}/deviation`) {
      current = run(current.version + 1, {
        ...current.groups[0]!.items[0],
        deviationId: DEVIATION_ID,
        deviationNumber: 12,
      });
      return current;
    }
    if (path === `/quality/deviations/${DEVIATION_ID}/history`) return [];
    if (path === `/quality/deviations/${DEVIATION_ID}`) return DEVIATION;
    throw new Error(`No mock for ${method} ${path}`);
  }) as typeof http);
});

const renderTab = (role: 'admin' | 'readonly' = 'admin') => {
  useAuthStore.setState({ user: aUser(role) });
  renderScreen(
    <MemoryRouter initialEntries={['/quality?tab=checklists']}>
      <QualityPage />
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
};

describe('Checklists tab', () => {
  it('lists runs with their step and progress, filters on the server, and offers to run one', async () => {
    const user = renderTab();
    const row = (await screen.findByText('Sluttkontroll før levering')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Inspection · 0 of 1 answered')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run checklist' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'skole');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/quality/checklists').at(-1)?.query).toMatchObject({
        search: 'skole',
        page: 1,
      }),
    );
  });

  it('hides running checklists from the read-only role', async () => {
    renderTab('readonly');
    await screen.findByText('Sluttkontroll før levering');
    expect(screen.queryByRole('button', { name: 'Run checklist' })).not.toBeInTheDocument();
  });

  it('answers an item, raises a deviation from a not-OK answer in one click and opens it', async () => {
    const user = renderTab();
    await user.click(await screen.findByText('Sluttkontroll før levering'));
    const dialog = await screen.findByRole('dialog', { name: /Checklist 4 — Sluttkontroll før levering/ });
    await user.click(within(dialog).getByRole('button', { name: 'Ikke OK' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          path: `/quality/checklists/${RUN_ID}/items/${ROW_ID}`,
          body: expect.objectContaining({ version: 1, answerIds: [NOT_OK] }),
        }),
      ),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Raise deviation' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: `/quality/checklists/${RUN_ID}/items/${ROW_ID}/deviation`,
          body: { version: 2 },
        }),
      ),
    );
    expect(await screen.findByRole('dialog', { name: /Deviation 12/ })).toBeInTheDocument();
  });
});

describe('ProjectQuality', () => {
  it("lists the project's deviations and checklists, filtered by the project", async () => {
    useAuthStore.setState({ user: aUser('admin') });
    renderScreen(
      <MemoryRouter>
        <ProjectQuality project={{ id: PROJECT_ID, number: 1042, name: 'Skole Lørenskog' }} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Sluttkontroll før levering')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New deviation' })).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.find((call) => call.path === '/quality/deviations')?.query).toMatchObject({
        projectId: PROJECT_ID,
      });
      expect(calls.find((call) => call.path === '/quality/checklists')?.query).toMatchObject({
        projectId: PROJECT_ID,
      });
    });
  });
});
