import type { ServiceTemplateFullDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aPage, aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { TemplateEditor } from './template-editor';
import { TemplateList } from './template-list';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);
const httpMock = vi.mocked(http);

const ID = (n: number) => `0193a5d2-0000-7000-8000-${String(n).padStart(12, '0')}`;

const aTemplate = (): ServiceTemplateFullDto => ({
  id: ID(1),
  name: 'Automatisk dør — årlig kontroll',
  info: 'Etter EN 16005',
  purpose: 'service',
  version: 7,
  groupCount: 2,
  rowCount: 2,
  usage: 2,
  groups: [
    {
      id: ID(10),
      templateId: ID(1),
      name: 'Sensorer',
      typeGroup: 'functions',
      info: '',
      position: 0,
      version: 1,
      rows: [
        {
          id: ID(100),
          groupId: ID(10),
          name: 'Aktiveringssensor innside',
          type: 'singleAnswer',
          note: 'Test med prøvelegeme',
          url: '',
          fileId: null,
          fileName: null,
          functionId: null,
          position: 0,
          version: 3,
          answers: [
            {
              id: ID(1000),
              name: 'OK',
              color: '#2f9e44',
              isCommentRequired: false,
              isPictureRequired: false,
              isDeviationRequired: false,
              position: 0,
              version: 1,
            },
            {
              id: ID(1001),
              name: 'Ikke OK',
              color: '#e03131',
              isCommentRequired: true,
              isPictureRequired: false,
              isDeviationRequired: true,
              position: 1,
              version: 1,
            },
          ],
        },
      ],
    },
    {
      id: ID(11),
      templateId: ID(1),
      name: 'Krefter',
      typeGroup: 'measurements',
      info: '',
      position: 1,
      version: 1,
      rows: [
        {
          id: ID(101),
          groupId: ID(11),
          name: 'Statisk lukkekraft (N)',
          type: 'number',
          note: '',
          url: '',
          fileId: null,
          fileName: null,
          functionId: null,
          position: 0,
          version: 1,
          answers: [],
        },
      ],
    },
  ],
});

const noop = () => {};
let template: ServiceTemplateFullDto;

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  requestMock.mockReset();
  httpMock.mockReset();
  template = aTemplate();
  useAuthStore.setState({ user: aUser('admin') });
  httpMock.mockImplementation(async (path: string) => {
    if (path === '/global-service-answers/groups') return [];
    if (path === '/service-templates/functions') return { groups: [], statuses: [] };
    throw new Error(`No mock for ${path}`);
  });
});

const renderEditor = () =>
  renderScreen(<TemplateEditor templateId={template.id} onBack={noop} onOpen={noop} />);

const openRow = async (name: string) => {
  await userEvent.click(await screen.findByRole('button', { name: `Show the details of ${name}` }));
};

describe('TemplateEditor', () => {
  it('shows the tree with its version and use, and the checklist as a technician sees it', async () => {
    answer(requestMock, { 'admin-service:get-full-service-template': () => template });
    renderEditor();
    expect(await screen.findByDisplayValue('Automatisk dør — årlig kontroll')).toBeInTheDocument();
    expect(screen.getByText('Version 7')).toBeInTheDocument();
    expect(screen.getByText('In use on 2 projects')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Sensorer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Aktiveringssensor innside' })).toBeInTheDocument();
    // Deleting a template in use is not offered.
    expect(screen.getByRole('button', { name: 'Delete template' })).toBeDisabled();
    const preview = document.querySelector('[data-checklist-preview]') as HTMLElement;
    const row = within(preview)
      .getByText('Aktiveringssensor innside')
      .closest('[data-preview-row]') as HTMLElement;
    await userEvent.click(within(row).getByText('Ikke OK'));
    expect(within(row).getByText('A comment is required.')).toBeInTheDocument();
    expect(within(row).getByText('A deviation will be reported.')).toBeInTheDocument();
  });

  it('refuses a link that is not http or https, and saves nothing', async () => {
    answer(requestMock, { 'admin-service:get-full-service-template': () => template });
    renderEditor();
    await openRow('Aktiveringssensor innside');
    const url = await screen.findByRole('textbox', { name: 'Link (URL)' });
    await userEvent.type(url, 'ftp://dorer.no/manual.pdf');
    await userEvent.tab();
    expect(await screen.findByText('Must be empty or start with http:// or https://')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'admin-service:update')).toEqual([]);
  });

  it('asks before saving an answer that is not OK at position 1, and saves it confirmed', async () => {
    let updates = 0;
    answer(requestMock, {
      'admin-service:get-full-service-template': () => template,
      'admin-service:update': (input) => {
        updates += 1;
        if (!('isNotOkFirstConfirmed' in input) || !input.isNotOkFirstConfirmed) {
          throw new ApiError({
            code: 'CONFLICT',
            message: 'The answer at position 1 is not a positive OK value',
            messageKey: 'validation.firstAnswerNotOk',
            details: { reason: 'firstAnswerNotOk', name: 'OK' },
          });
        }
        return { ...template, version: 8 };
      },
    });
    renderEditor();
    await openRow('Aktiveringssensor innside');
    const comment = (await screen.findAllByRole('checkbox', { name: 'Comment' }))[0] as HTMLElement;
    await userEvent.click(comment);
    const dialog = await screen.findByRole('dialog', { name: 'Position 1 is not a positive OK value' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(updates).toBe(2));
    expect(inputsOf(requestMock, 'admin-service:update')[1]).toMatchObject({
      entity: 'answer',
      id: ID(1000),
      changes: { isCommentRequired: true },
      isNotOkFirstConfirmed: true,
    });
  });

  it('asks before a new type takes a row’s answers away', async () => {
    answer(requestMock, {
      'admin-service:get-full-service-template': () => template,
      'admin-service:update': () => template,
    });
    renderEditor();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Type of Aktiveringssensor innside' }),
      'Number',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the type?' });
    expect(within(dialog).getByText(/its 2 answers will be deleted/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change type' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'admin-service:update')).toEqual([
        { entity: 'row', id: ID(100), version: 3, changes: { type: 'number' } },
      ]),
    );
  });

  it('is read only for those who may not change templates', async () => {
    useAuthStore.setState({ user: aUser('technician') });
    answer(requestMock, { 'admin-service:get-full-service-template': () => template });
    renderEditor();
    expect(await screen.findByText('Read only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Sensorer' })).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('Sensorer')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Copy template' })).not.toBeInTheDocument();
  });
});

describe('TemplateList', () => {
  it('searches on the server and links each name to its editor', async () => {
    answer(requestMock, {
      'admin-service:find-service-templates': (query) =>
        aPage(
          query.search === 'brann'
            ? [
                {
                  id: ID(2),
                  name: 'Branndør — årlig kontroll',
                  info: '',
                  purpose: 'service',
                  version: 1,
                  groupCount: 4,
                  rowCount: 19,
                  usage: 0,
                },
              ]
            : [{ ...template, groups: undefined }].map(({ groups: _, ...item }) => item),
        ),
    });
    renderScreen(
      <MemoryRouter>
        <TemplateList templateHref={(id) => `/admin/service-template?template=${id}`} />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'Automatisk dør — årlig kontroll' });
    expect(link).toHaveAttribute('href', `/admin/service-template?template=${ID(1)}`);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search templates' }), 'brann');
    expect(await screen.findByRole('link', { name: 'Branndør — årlig kontroll' })).toBeInTheDocument();
    expect(inputsOf(requestMock, 'admin-service:find-service-templates').at(-1)).toMatchObject({
      search: 'brann',
      page: 1,
    });
  });
});
