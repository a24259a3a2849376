import type { ServiceDataFullDto, UserAnswerDto } from '@karm/domain/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { ServiceItemPage } from './service-item-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null, companyId: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
/** The screen loads lazily and the machine may be busy: wait for it longer than the default second. */
const LOADED = { timeout: 10_000 };
const httpMock = vi.mocked(http);

const ITEM_ID = '50000000-0000-7000-8000-000000000001';
const COMPANY_ID = '10000000-0000-7000-8000-000000000001';
const LINKS = {
  serviceItemHref: (id: string) => `/serviceItem?id=${id}`,
  projectDetailsHref: (id: string) => `/service-project-details?projectId=${id}`,
  qualityHref: '/quality',
  logbookHref: (id: string) => `/service-logbook?serviceItemId=${id}`,
  logbookPrintHref: (id: string) => `/print?sheet=service-logbook&serviceItemId=${id}`,
};

const DATA: ServiceDataFullDto = {
  item: {
    id: ITEM_ID,
    projectId: 'p1',
    number: 2,
    name: 'Hovedinngang',
    floor: '1',
    location: null,
    serviceTemplateId: null,
    projectServiceTemplateId: 't1',
    templateName: 'Automatisk dør',
    emergencyType: 'none',
    status: 'notVisited',
    lastVisitAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    version: 1,
  },
  project: { id: 'p1', number: 1042, name: 'Storo Storsenter' },
  template: { id: 't1', name: 'Automatisk dør', info: '' },
  groups: [
    {
      id: 'g1',
      name: 'Sensorer',
      typeGroup: 'checklist',
      info: '',
      rows: [
        {
          id: 'r1',
          name: 'Aktiveringssensor',
          type: 'singleAnswer',
          note: '',
          url: '',
          fileId: null,
          functionName: null,
          answers: [
            {
              id: 'a-ok',
              name: 'OK',
              color: '#2f9e44',
              isCommentRequired: false,
              isPictureRequired: false,
              isDeviationRequired: false,
            },
            {
              id: 'a-bad',
              name: 'Ikke OK',
              color: '#e03131',
              isCommentRequired: true,
              isPictureRequired: false,
              isDeviationRequired: true,
            },
          ],
        },
        {
          id: 'r2',
          name: 'Lukkekraft (N)',
          type: 'number',
          note: 'Maks 67 N',
          url: '',
          fileId: null,
          functionName: null,
          answers: [],
        },
      ],
    },
  ],
  answers: [],
};

const anAnswer = (overrides: Partial<UserAnswerDto>): UserAnswerDto => ({
  id: 'ua1',
  serviceItemId: ITEM_ID,
  projectRowId: 'r1',
  projectServiceAnswerId: 'a-ok',
  text: '',
  number: null,
  date: null,
  comment: '',
  pictureId: null,
  fileId: null,
  deviationId: null,
  deviationNumber: null,
  userId: 'u1',
  userName: 'Tore Tekniker',
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  version: 1,
  ...overrides,
});

let calls: { method: string; path: string; body?: unknown; headers?: unknown }[];
let data: ServiceDataFullDto;

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  calls = [];
  data = structuredClone(DATA);
  httpMock.mockReset();
  httpMock.mockImplementation((async (
    path: string,
    options: { method?: string; body?: unknown; headers?: unknown } = {},
  ) => {
    const method = options.method ?? 'GET';
    calls.push({ method, path, body: options.body, headers: options.headers });
    if (path === '/service-project/data/full') return data;
    if (path === '/service-project/user-service-answer' && method === 'POST') {
      const body = options.body as { projectServiceAnswerId: string; comment?: string };
      const isBad = body.projectServiceAnswerId === 'a-bad';
      const created = anAnswer({
        id: isBad ? 'ua2' : 'ua1',
        projectServiceAnswerId: body.projectServiceAnswerId,
        comment: body.comment ?? '',
        deviationId: isBad ? 'd1' : null,
        deviationNumber: isBad ? 12 : null,
      });
      return {
        created: [created],
        deleted: isBad ? ['ua1'] : [],
        item: { ...data.item, status: isBad ? 'fault' : 'ok' },
      };
    }
    throw new Error(`No mock for ${method} ${path}`);
  }) as typeof http);
});

const render = (role: 'technician' | 'readonly' = 'technician') => {
  useAuthStore.setState({ user: aUser(role), companyId: COMPANY_ID } as never);
  renderScreen(
    <MemoryRouter initialEntries={[`/serviceItem?id=${ITEM_ID}`]}>
      <ServiceItemPage links={LINKS} />
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
};

describe('ServiceItemPage', () => {
  it('reads the checklist with the company-id header and shows the rows and answer buttons', async () => {
    render();
    expect(await screen.findByRole('heading', { name: '2. Hovedinngang' }, LOADED)).toBeInTheDocument();
    expect(screen.getByText('1042 Storo Storsenter')).toBeInTheDocument();
    expect(screen.getByText('0 of 2 answered')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'OK' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Maks 67 N')).toBeInTheDocument();
    expect(calls[0]?.headers).toEqual({ 'company-id': COMPANY_ID });
  });

  it('answers OK at once, then asks for the comment before replacing it by an answer that raises a deviation', async () => {
    const user = render();
    await user.click(await screen.findByRole('radio', { name: 'OK' }, LOADED));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'OK' })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      serviceItemId: ITEM_ID,
      projectRowId: 'r1',
      projectServiceAnswerId: 'a-ok',
      replaces: null,
    });
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Ikke OK' }));
    expect(screen.getByText('This answer creates a deviation in quality control.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save “Ikke OK”' });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'Sensoren reagerer ikke');
    await user.click(save);
    expect(await screen.findByText('Deviation 12 created', undefined, LOADED)).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[1]?.body).toMatchObject({
      projectServiceAnswerId: 'a-bad',
      comment: 'Sensoren reagerer ikke',
      replaces: { id: 'ua1', version: 1 },
    });
    expect(screen.getByTestId('item-status')).toHaveTextContent('Fault');
  });

  it('shows the answers but no changes to a reader', async () => {
    data.answers = [anAnswer({})];
    render('readonly');
    expect(await screen.findByRole('radio', { name: 'OK' }, LOADED)).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'OK' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByLabelText('Take picture')).not.toBeInTheDocument();
  });
});
