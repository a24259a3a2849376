import type { FileDto, InquiryDetailsDto } from '@karm/domain/contract';
import { addDays, osloDateOf } from '@karm/domain/rules';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components';
import { ApiError, http } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { answer, createTestQueryClient, inputsOf } from '@/test/socket-mock';
import { InquiriesPage } from './inquiries-page';
import { InquiryDialog } from './inquiry-dialog';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/encrypted-storage', () => {
  const memory = new Map<string, string>();
  return {
    encryptedStorage: {
      getItem: (name: string) => memory.get(name) ?? null,
      setItem: (name: string, value: string) => void memory.set(name, value),
      removeItem: (name: string) => void memory.delete(name),
    },
    flushWrites: async () => {},
    forgetStorageKey: async () => {},
  };
});
const requestMock = vi.mocked(request);
const httpMock = vi.mocked(http);

const today = osloDateOf(new Date());
const ID = '01900000-0000-7000-8000-000000000001';

const anInquiry = (overrides: Partial<InquiryDetailsDto> = {}): InquiryDetailsDto => ({
  id: ID,
  number: 7,
  receivedDate: today,
  deadline: addDays(today, 3),
  owner: null,
  projectName: 'Skole Lørenskog',
  projectAddress: 'Skolevegen 2',
  postalCode: '1470',
  city: 'Lørenskog',
  comment: '',
  projectCategory: null,
  calculationGroup: '',
  complexity: null,
  customerCategory: null,
  ownerType: null,
  projectOwner: '',
  architect: '',
  consultant: '',
  customer: null,
  oneTimeCustomer: null,
  customerName: null,
  contact: null,
  creditScore: '',
  archived: false,
  archiveReason: null,
  archivedAt: null,
  archivedBy: null,
  offerId: null,
  offerNumber: null,
  version: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  history: [
    {
      id: 'h1',
      at: new Date().toISOString(),
      user: { id: 'u', name: 'Kari Kontor' },
      action: 'created',
      changes: [],
      detail: null,
    },
  ],
  documents: [],
  ...overrides,
});

const aDocument = (overrides: Partial<FileDto> = {}): FileDto => ({
  id: 'f1',
  type: 'document',
  entityId: ID,
  originalName: 'tegning.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 10,
  createdAt: new Date().toISOString(),
  ...overrides,
});

const renderInquiries = (ui: ReactElement, path = '/inquiries') =>
  renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <ConfirmProvider>{ui}</ConfirmProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

const lookups = { 'employee:get': () => [] } as const;

describe('InquiryDialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    requestMock.mockReset();
    httpMock.mockReset();
    useAuthStore.setState({ user: aUser('office') });
  });

  it('a new inquiry opens documents and history only after it is saved', async () => {
    answer(requestMock, {
      ...lookups,
      'inquiry:create': () => anInquiry(),
      'inquiry:get': () => anInquiry(),
    });
    const user = userEvent.setup({ delay: null });
    renderInquiries(<InquiryDialog opened onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'New inquiry' });
    expect(screen.getByRole('tab', { name: 'Documents' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'History' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'inquiry:create')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Project name/), 'Skole Lørenskog');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Inquiry 7 created')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'inquiry:create')[0]).toMatchObject({
      projectName: 'Skole Lørenskog',
      receivedDate: today,
    });
    expect(screen.getByRole('tab', { name: 'History' })).toBeEnabled();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Created')).toBeInTheDocument();
  });

  it('opens a document in the viewer through a signed link, never with the session token', async () => {
    const document = aDocument({ id: '01900000-0000-7000-8000-0000000000f1' });
    const signed = `/api/file?id=${document.id}&exp=1&sig=abc`;
    answer(requestMock, { ...lookups, 'inquiry:get': () => anInquiry({ documents: [document] }) });
    httpMock.mockResolvedValue({ url: signed, expiresAt: new Date().toISOString() });
    const user = userEvent.setup({ delay: null });
    renderInquiries(<InquiryDialog opened inquiryId={ID} onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Inquiry 7 – Skole Lørenskog' });
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    await user.click(await screen.findByRole('button', { name: 'tegning.pdf' }));

    const viewer = await screen.findByRole('dialog', { name: 'tegning.pdf' });
    expect(await within(viewer).findByTitle('tegning.pdf')).toHaveAttribute('src', signed);
    expect(httpMock).toHaveBeenCalledWith('/download-links', {
      method: 'POST',
      body: { kind: 'file', id: document.id, type: 'document', entityId: ID },
    });
  });

  it('deletes a document after asking, with the exact toasts of SPEC §8', async () => {
    const document = aDocument();
    answer(requestMock, { ...lookups, 'inquiry:get': () => anInquiry({ documents: [document] }) });
    httpMock.mockRejectedValueOnce(new ApiError({ code: 'INTERNAL', message: 'boom' }));
    httpMock.mockResolvedValueOnce({ id: 'f1' });
    const user = userEvent.setup({ delay: null });
    renderInquiries(<InquiryDialog opened inquiryId={ID} onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Inquiry 7 – Skole Lørenskog' });
    await user.click(screen.getByRole('tab', { name: 'Documents' }));

    await user.click(await screen.findByRole('button', { name: 'Delete tegning.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete file from server')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete tegning.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();
    expect(httpMock).toHaveBeenLastCalledWith('/file/f1', { method: 'DELETE' });
  });

  it('archiving asks for a reason', async () => {
    answer(requestMock, {
      ...lookups,
      'inquiry:get': () => anInquiry(),
      'inquiry:archive': ({ reason }) => anInquiry({ archived: true, archiveReason: reason, version: 2 }),
    });
    const user = userEvent.setup({ delay: null });
    renderInquiries(<InquiryDialog opened inquiryId={ID} onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Inquiry 7 – Skole Lørenskog' });
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const reasonDialog = await screen.findByRole('dialog', { name: 'Archive the inquiry' });
    await user.click(within(reasonDialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Reason/), 'Kunden valgte en annen');
    await user.click(within(reasonDialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Inquiry archived')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'inquiry:archive')).toEqual([{ id: ID, reason: 'Kunden valgte en annen' }]);
    expect(await screen.findByText('Archived: Kunden valgte en annen')).toBeInTheDocument();
  });

  it('read only: shows the inquiry and opens its documents, but offers nothing that changes it', async () => {
    useAuthStore.setState({ user: aUser('readonly') });
    answer(requestMock, {
      ...lookups,
      'inquiry:get': () => anInquiry({ documents: [aDocument()], offerId: 'o1', offerNumber: 3001 }),
    });
    const user = userEvent.setup({ delay: null });
    renderInquiries(
      <InquiryDialog opened inquiryId={ID} offerHref={(id) => `/offer?open=${id}`} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Inquiry 7 – Skole Lørenskog' });
    expect(within(dialog).getByText('Read only')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Project name/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/Project name/)).toHaveValue('Skole Lørenskog');
    for (const action of ['Save', 'Archive', 'Convert to offer']) {
      expect(within(dialog).queryByRole('button', { name: action }), action).not.toBeInTheDocument();
    }
    // Whoever reads offers may follow the link to the offer made from the inquiry.
    expect(within(dialog).getByRole('link', { name: 'Offer 3001' })).toHaveAttribute(
      'href',
      '/offer?open=o1',
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Customer' }));
    expect(within(dialog).queryByRole('button', { name: /Find customer/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Documents' }));
    expect(await within(dialog).findByRole('button', { name: 'tegning.pdf' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Upload document' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete tegning.pdf' })).not.toBeInTheDocument();
  });

  it('converting to an offer is offered only to whoever may add offers', async () => {
    const office = aUser('office');
    useAuthStore.setState({
      user: { ...office, permissions: office.permissions.filter((held) => held !== 'offers.write') },
    });
    answer(requestMock, { ...lookups, 'inquiry:get': () => anInquiry() });
    renderInquiries(<InquiryDialog opened inquiryId={ID} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Inquiry 7 – Skole Lørenskog' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Convert to offer' })).not.toBeInTheDocument();

    useAuthStore.setState({ user: office });
    expect(await within(dialog).findByRole('button', { name: 'Convert to offer' })).toBeInTheDocument();
  });
});

describe('InquiriesPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    requestMock.mockReset();
    httpMock.mockReset();
    useAuthStore.setState({ user: aUser('office') });
    // mantine-datatable shows a column while its media query matches; the jsdom stub matches nothing.
    const stub = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...stub(query),
      matches: query === '' || query.includes('min-width'),
    });
  });

  it('lists inquiries paged on the server with days left, searches, and opens ?open=<id>', async () => {
    answer(requestMock, {
      ...lookups,
      'inquiries:get': () => ({ items: [anInquiry()], total: 1, page: 1, pageSize: 20 }),
      'inquiry:get': () => anInquiry(),
    });
    const user = userEvent.setup({ delay: null });
    renderInquiries(<InquiriesPage />, `/inquiries?open=${ID}`);
    expect(await screen.findByRole('heading', { name: 'Inquiry management' })).toBeInTheDocument();
    expect(await screen.findByText('3 days left')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Inquiry 7 – Skole Lørenskog' })).toBeInTheDocument();
    expect(inputsOf(requestMock, 'inquiries:get')[0]).toMatchObject({
      archived: false,
      page: 1,
      pageSize: 20,
    });

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Skole');
    await waitFor(() =>
      expect(inputsOf(requestMock, 'inquiries:get').at(-1)).toMatchObject({ search: 'Skole' }),
    );
  });

  it('offers no new inquiry to a role that may only read them', async () => {
    useAuthStore.setState({ user: aUser('readonly') });
    answer(requestMock, {
      ...lookups,
      'inquiries:get': () => ({ items: [anInquiry()], total: 1, page: 1, pageSize: 20 }),
    });
    renderInquiries(<InquiriesPage />);
    expect(await screen.findByText('Skole Lørenskog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add new inquiry' })).not.toBeInTheDocument();
  });
});
