import type { FileListItemDto, Page } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { request } from '@/lib/socket';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { FilesPage } from './files-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
const requestMock = vi.mocked(request);
const httpMock = vi.mocked(http);

const INQUIRY_ID = '01900000-0000-7000-8000-0000000000a1';
const aFile = (overrides: Partial<FileListItemDto> = {}): FileListItemDto => ({
  id: '01900000-0000-7000-8000-0000000000f1',
  type: 'document',
  name: 'tegning.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 1_536,
  uploadedAt: '2026-03-02T09:05:00.000Z',
  uploadedBy: { id: 'u1', displayName: 'Kari Kontor' },
  owner: { kind: 'inquiry', id: INQUIRY_ID, number: 7, name: 'Villa Berg' },
  ...overrides,
});
const pageOf = (items: FileListItemDto[]): Page<FileListItemDto> => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
});

const renderFiles = () =>
  renderScreen(
    <MemoryRouter>
      <FilesPage ownerHref={(owner) => `/inquiries?open=${owner.id}`} />
    </MemoryRouter>,
  );

beforeAll(() => {
  matchEmptyMediaQuery();
});
beforeEach(async () => {
  requestMock.mockReset();
  httpMock.mockReset();
  await i18n.changeLanguage('en');
});

describe('FilesPage', () => {
  it('lists each file with its size, owner link, uploader and time', async () => {
    answer(requestMock, {
      'files:list': () =>
        pageOf([aFile(), aFile({ id: 'f2', name: 'notat.txt', mimeType: 'text/plain', owner: null })]),
      'files:uploaders': () => [{ id: 'u1', displayName: 'Kari Kontor' }],
    });
    renderFiles();
    const row = (await screen.findByRole('button', { name: 'Open tegning.pdf' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('1.5 kB')).toBeInTheDocument();
    expect(within(row).getByText('02.03.2026 10:05')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open Inquiry 7 · Villa Berg' })).toHaveAttribute(
      'href',
      `/inquiries?open=${INQUIRY_ID}`,
    );
    const loose = screen.getByRole('button', { name: 'Download notat.txt' }).closest('tr') as HTMLElement;
    expect(within(loose).getByText('Nothing')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'files:list')[0]).toMatchObject({
      search: '',
      sort: 'uploadedAt',
      direction: 'desc',
      page: 1,
    });
  });

  it('shows sizes with a decimal comma in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    answer(requestMock, { 'files:list': () => pageOf([aFile()]), 'files:uploaders': () => [] });
    renderFiles();
    expect(await screen.findByText('1,5 kB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Åpne Forespørsel 7 · Villa Berg' })).toBeInTheDocument();
  });

  it('searches and filters on the server, back on the first page', { timeout: 30_000 }, async () => {
    answer(requestMock, {
      'files:list': () => pageOf([aFile()]),
      'files:uploaders': () => [{ id: 'u1', displayName: 'Kari Kontor' }],
    });
    const user = userEvent.setup({ delay: null });
    renderFiles();
    await screen.findByRole('button', { name: 'Open tegning.pdf' });
    await user.type(screen.getByRole('textbox', { name: 'Search by name' }), 'tegning');
    await waitFor(() =>
      expect(inputsOf(requestMock, 'files:list').at(-1)).toMatchObject({ search: 'tegning', page: 1 }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Belongs to' }));
    await user.click(await screen.findByRole('option', { name: 'Project' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'PDF' }));
    await user.click(screen.getByRole('combobox', { name: 'Uploaded by' }));
    await user.click(await screen.findByRole('option', { name: 'Kari Kontor' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'files:list').at(-1)).toMatchObject({
        search: 'tegning',
        ownerKind: 'project',
        contentKind: 'pdf',
        uploadedBy: 'u1',
      }),
    );
  });

  it('sorts by name A–Z when its heading is clicked, then Z–A', { timeout: 15_000 }, async () => {
    answer(requestMock, { 'files:list': () => pageOf([aFile()]), 'files:uploaders': () => [] });
    const user = userEvent.setup({ delay: null });
    renderFiles();
    await screen.findByRole('button', { name: 'Open tegning.pdf' });
    await user.click(screen.getByText('Name'));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'files:list').at(-1)).toMatchObject({ sort: 'name', direction: 'asc' }),
    );
    await user.click(screen.getByText('Name'));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'files:list').at(-1)).toMatchObject({ sort: 'name', direction: 'desc' }),
    );
  });

  it('previews a PDF in the PDF viewer through a signed link', async () => {
    const signed = '/api/file?id=f1&exp=1&sig=abc';
    answer(requestMock, { 'files:list': () => pageOf([aFile()]), 'files:uploaders': () => [] });
    httpMock.mockResolvedValue({ url: signed, expiresAt: new Date().toISOString() });
    const user = userEvent.setup({ delay: null });
    renderFiles();
    await user.click(await screen.findByRole('button', { name: 'Open tegning.pdf' }));
    const viewer = await screen.findByRole('dialog', { name: 'tegning.pdf' });
    expect(await within(viewer).findByTitle('tegning.pdf')).toHaveAttribute('src', signed);
    expect(httpMock).toHaveBeenCalledWith('/download-links', {
      method: 'POST',
      body: { kind: 'file', id: aFile().id, type: 'document' },
    });
  });

  it('previews an image in the image viewer', async () => {
    const signed = '/api/file?id=f3&exp=1&sig=abc';
    answer(requestMock, {
      'files:list': () => pageOf([aFile({ id: 'f3', name: 'bilde.png', mimeType: 'image/png' })]),
      'files:uploaders': () => [],
    });
    httpMock.mockResolvedValue({ url: signed, expiresAt: new Date().toISOString() });
    const user = userEvent.setup({ delay: null });
    renderFiles();
    await user.click(await screen.findByRole('button', { name: 'Open bilde.png' }));
    const viewer = await screen.findByRole('dialog', { name: 'bilde.png' });
    expect(await within(viewer).findByRole('img', { name: 'bilde.png' })).toHaveAttribute('src', signed);
  });
});
