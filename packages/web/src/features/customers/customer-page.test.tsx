import { CUSTOMER_PUSHES, type CustomerDto } from '@karm/domain/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aContact,
  aCustomer,
  answer,
  aPage,
  inputsOf,
  renderWithQuery,
} from '@/components/customers/testing';
import { onPush, request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { CustomerPage } from './customer-page';

const listeners = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  }),
}));
const requestMock = vi.mocked(request);

const pending = aCustomer({
  name: 'Fjord Bygg AS',
  customerNumber: 10_001,
  organizationNumber: '974760673',
  source: 'accounting',
  syncStatus: 'pending',
  phoneNumber: '55 00 11 22',
  email: 'post@fjordbygg.no',
  creditScore: { score: 'A', date: '2026-01-15', source: 'Bisnode' },
  physicalAddress: {
    addressLine1: 'Lagerveien 9',
    addressLine2: '',
    postalCode: '5003',
    city: 'Bergen',
    countryCode: 'NO',
  },
});
const failed = aCustomer({
  name: 'Glassmester Berg',
  source: 'accounting',
  syncStatus: 'failed',
  syncError: 'Tripletex: organisation number already in use',
});
const oneTime = aCustomer({ name: 'Hansen privat', source: 'one-time', isPrivateIndividual: true });
const ola = aContact(pending, { displayName: 'Ola Nordmann', email: 'ola@fjordbygg.no' });

const NOTHING_RELATED = {
  inquiries: aPage([]),
  offers: aPage([]),
  projects: aPage([]),
};

const serve = (customers: CustomerDto[]) =>
  answer(requestMock, {
    'customer:get': ({ search = '', source }) =>
      aPage(
        customers.filter(
          (customer) =>
            (!source || customer.source === source) &&
            (search === '' || customer.name.toLowerCase().includes(search.toLowerCase())),
        ),
      ),
    'customer:get-one': ({ id }) => customers.find((customer) => customer.id === id)!,
    'contacts:get': ({ customerId }) => (customerId === pending.id ? [ola] : []),
    'contact:create': (input) => aContact(pending, { displayName: `${input.firstName} ${input.lastName}` }),
    'customer:related': () => NOTHING_RELATED,
  });

const LINKS = {
  inquiryHref: (id: string) => `/inquiries?open=${id}`,
  offerHref: (id: string) => `/offer?open=${id}`,
  projectHref: (id: string) => `/projects?open=${id}`,
};

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('CustomerPage', () => {
  beforeAll(() => {
    // mantine-datatable shows a column while `matchMedia(column.visibleMediaQuery ?? '')` matches; the
    // shared jsdom stub matches nothing, which would hide every cell. An empty query matches in browsers.
    const stub = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...stub(query), matches: query === '' });
  });

  beforeEach(() => {
    requestMock.mockReset();
    listeners.clear();
    serve([pending, failed, oneTime]);
    useAuthStore.setState({ user: aUser('office') });
  });

  it('lists customers with source and sync badges, asking the server for page 1 of 20', async () => {
    renderWithQuery(<CustomerPage links={LINKS} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Customer info' })).toBeInTheDocument();
    await screen.findByText('Fjord Bygg AS');
    expect(requestMock).toHaveBeenCalledWith('customer:get', {
      search: '',
      includeInactive: false,
      page: 1,
      pageSize: 20,
    });
    const row = rowOf('Fjord Bygg AS');
    for (const text of [
      '10001',
      '974760673',
      'Oslo',
      '55 00 11 22',
      'post@fjordbygg.no',
      'Accounting system',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const badge = within(row).getByText('Pending sync');
    expect(badge.closest('[data-sync]')).toHaveAttribute('data-sync', 'pending');
    expect(within(rowOf('Glassmester Berg')).getByText('Sync failed')).toBeInTheDocument();
    expect(within(rowOf('Hansen privat')).getByText('One-time')).toBeInTheDocument();
  });

  it('shows why a sync failed on hover', async () => {
    const user = userEvent.setup();
    renderWithQuery(<CustomerPage links={LINKS} />);
    await user.hover(await screen.findByText('Sync failed'));
    expect(await screen.findByText('Tripletex: organisation number already in use')).toBeInTheDocument();
  });

  it('filters by source on the server', async () => {
    const user = userEvent.setup();
    renderWithQuery(<CustomerPage links={LINKS} />);
    await screen.findByText('Fjord Bygg AS');
    await user.click(screen.getByRole('radio', { name: 'One-time' }));
    await waitFor(() => expect(screen.queryByText('Fjord Bygg AS')).not.toBeInTheDocument());
    expect(requestMock).toHaveBeenCalledWith('customer:get', {
      search: '',
      source: 'one-time',
      includeInactive: false,
      page: 1,
      pageSize: 20,
    });
    expect(screen.getByText('Hansen privat')).toBeInTheDocument();
  });

  it('searches after typing stops', async () => {
    const user = userEvent.setup();
    renderWithQuery(<CustomerPage links={LINKS} />);
    await screen.findByText('Fjord Bygg AS');
    await user.type(screen.getByRole('textbox', { name: 'Search customers' }), 'glass');
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith('customer:get', {
        search: 'glass',
        includeInactive: false,
        page: 1,
        pageSize: 20,
      }),
    );
    await waitFor(() => expect(screen.queryByText('Fjord Bygg AS')).not.toBeInTheDocument());
    expect(requestMock.mock.calls.filter(([event]) => event === 'customer:get')).toHaveLength(2);
  });

  it('a row click shows all details and the contacts, and Add contact opens the dialog', async () => {
    const user = userEvent.setup();
    renderWithQuery(<CustomerPage links={LINKS} />);
    await user.click(await screen.findByText('Fjord Bygg AS'));
    const details = screen.getByRole('region', { name: 'Customer details' });
    expect(within(details).getByRole('heading', { name: 'Fjord Bygg AS' })).toBeInTheDocument();
    expect(within(details).getByText('Lagerveien 9', { exact: false })).toBeInTheDocument();
    expect(within(details).getByText('A (Bisnode, 15.01.2026)')).toBeInTheDocument();
    expect(within(details).getByText('02.03.2026')).toBeInTheDocument();
    expect(await within(details).findByText('Ola Nordmann')).toBeInTheDocument();
    expect(requestMock).toHaveBeenCalledWith('contacts:get', { customerId: pending.id });

    await user.click(within(details).getByRole('button', { name: 'Add contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
    expect(within(dialog).getByLabelText('Customer')).toHaveValue('Fjord Bygg AS');
    await user.type(within(dialog).getByLabelText('First name'), 'Kari');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Contact' })).not.toBeInTheDocument(),
    );
    expect(requestMock).toHaveBeenCalledWith(
      'contact:create',
      expect.objectContaining({ customerId: pending.id }),
    );
  });

  it('says in words when a customer has no contacts', async () => {
    const user = userEvent.setup();
    renderWithQuery(<CustomerPage links={LINKS} />);
    await user.click(await screen.findByText('Glassmester Berg'));
    expect(await screen.findByText('This customer has no contacts yet.')).toBeInTheDocument();
  });

  it('shows an empty state with a way to add the first customer', async () => {
    serve([]);
    const user = userEvent.setup();
    renderWithQuery(<CustomerPage links={LINKS} />);
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    await user.click(
      within(screen.getByText('No customers yet').closest('[data-empty-state]')!).getByRole('button', {
        name: 'New customer',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Add customer' })).toBeInTheDocument();
  });

  it('"Find customer" shows the chosen customer\'s details', async () => {
    const user = userEvent.setup();
    renderWithQuery(<CustomerPage links={LINKS} />);
    await screen.findByText('Fjord Bygg AS');
    await user.click(screen.getByRole('button', { name: 'Find customer' }));
    const dialog = screen.getByRole('dialog', { name: 'Find customer' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Search' }), 'glass');
    await user.click(await within(dialog).findByRole('option', { name: /Glassmester Berg/ }));
    const details = screen.getByRole('region', { name: 'Customer details' });
    expect(within(details).getByRole('heading', { name: 'Glassmester Berg' })).toBeInTheDocument();
  });

  it('a customer:changed push from another browser refreshes the list without reloading', async () => {
    renderWithQuery(<CustomerPage links={LINKS} />);
    await screen.findByText('Fjord Bygg AS');
    expect(onPush).toHaveBeenCalledWith(CUSTOMER_PUSHES.customerChanged, expect.any(Function));
    const newcomer = aCustomer({ name: 'Nykommer AS' });
    serve([pending, failed, oneTime, newcomer]);
    act(() => listeners.get(CUSTOMER_PUSHES.customerChanged)?.(newcomer));
    expect(await screen.findByText('Nykommer AS')).toBeInTheDocument();
  });

  it('archives a customer only with a reason, shows who and why, and "Show archived" lists it again', async () => {
    const archivedGlass = {
      ...failed,
      isInactive: true,
      version: failed.version + 1,
      archive: {
        at: '2026-03-05T09:00:00.000Z',
        by: { id: 'u1', displayName: 'Ada Admin' },
        reason: 'Gått konkurs',
      },
    };
    let isArchived = false;
    answer(requestMock, {
      'customer:get': ({ includeInactive }) =>
        aPage(isArchived ? (includeInactive ? [pending, archivedGlass] : [pending]) : [pending, failed]),
      'customer:get-one': ({ id }) =>
        [pending, isArchived ? archivedGlass : failed].find((c) => c.id === id)!,
      'contacts:get': () => [],
      'customer:related': () => NOTHING_RELATED,
      'customer:archive': () => {
        isArchived = true;
        return archivedGlass;
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<CustomerPage links={LINKS} />);
    await user.click(await screen.findByText('Glassmester Berg'));
    const details = screen.getByRole('region', { name: 'Customer details' });
    await user.click(within(details).getByRole('button', { name: 'Archive' }));
    const ask = await screen.findByRole('dialog', { name: 'Archive the customer' });
    await user.click(within(ask).getByRole('button', { name: 'Archive' }));
    expect(within(ask).getByText('Please give a reason')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'customer:archive')).toEqual([]);
    await user.type(within(ask).getByRole('textbox'), 'Gått konkurs');
    await user.click(within(ask).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'customer:archive')).toEqual([
        { id: failed.id, version: failed.version, reason: 'Gått konkurs' },
      ]),
    );
    expect(await screen.findByText('Customer archived')).toBeInTheDocument();
    expect(await within(details).findByText('Archived 05.03.2026 by Ada Admin.')).toBeInTheDocument();
    expect(within(details).getByText('Reason: Gått konkurs')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Unarchive' })).toBeInTheDocument();

    // The list leaves it out, until archived customers are asked for.
    await user.click(within(details).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByText('Glassmester Berg')).not.toBeInTheDocument());
    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    const row = (await screen.findByText('Glassmester Berg')).closest('tr')!;
    expect(within(row).getByText('Archived')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'customer:get').at(-1)).toMatchObject({ includeInactive: true });
  });

  it("shows the customer's inquiries, offers and projects, each a link to its record", async () => {
    answer(requestMock, {
      'customer:get': () => aPage([pending]),
      'customer:get-one': () => pending,
      'contacts:get': () => [],
      'customer:related': () => ({
        inquiries: aPage(
          [
            {
              id: 'i1',
              number: 2001,
              name: 'Skole',
              receivedDate: '2026-02-01',
              offerNumber: 3001,
              isArchived: false,
            },
          ],
          { total: 51 },
        ),
        offers: aPage([
          {
            id: 'o1',
            number: 3001,
            name: 'Skole',
            status: 'Sendt',
            createdAt: '2026-02-03T10:00:00.000Z',
            projectNumber: null,
            isArchived: false,
          },
        ]),
        projects: aPage([]),
      }),
    });
    const user = userEvent.setup();
    renderWithQuery(<CustomerPage links={LINKS} />);
    await user.click(await screen.findByText('Fjord Bygg AS'));
    const inquiries = await screen.findByRole('region', { name: /Inquiries/ });
    expect(within(inquiries).getByRole('link', { name: 'Skole' })).toHaveAttribute(
      'href',
      '/inquiries?open=i1',
    );
    expect(within(inquiries).getByText('Offer 3001')).toBeInTheDocument();
    expect(within(inquiries).getByText('01.02.2026')).toBeInTheDocument();
    expect(within(inquiries).getByText('Showing the newest 1 of 51.')).toBeInTheDocument();
    const offers = screen.getByRole('region', { name: /Offers/ });
    expect(within(offers).getByRole('link', { name: 'Skole' })).toHaveAttribute('href', '/offer?open=o1');
    expect(within(offers).getByText('Sendt')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /Projects/ })).getByText('No projects for this customer.'),
    ).toBeInTheDocument();
  });

  describe('for a role that may read customers but not change them', () => {
    const SOME_RELATED = {
      inquiries: aPage([]),
      offers: aPage([]),
      projects: aPage([
        {
          id: 'p1',
          number: 4001,
          name: 'Skole',
          state: 'active' as const,
          isService: false,
          deliveryDate: '2026-05-01',
        },
      ]),
    };

    it('read only: no new customer, no edit or archive, no contact to add or edit', async () => {
      useAuthStore.setState({ user: aUser('readonly') });
      const user = userEvent.setup();
      renderWithQuery(<CustomerPage links={LINKS} />);
      await user.click(await screen.findByText('Fjord Bygg AS'));
      const details = screen.getByRole('region', { name: 'Customer details' });
      expect(await within(details).findByText('Ola Nordmann')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Find customer' })).toBeInTheDocument();
      for (const action of ['New customer', 'Edit', 'Archive', 'Add contact', 'Edit Ola Nordmann']) {
        expect(screen.queryByRole('button', { name: action }), action).not.toBeInTheDocument();
      }
    });

    it('an empty list offers no first customer to add', async () => {
      useAuthStore.setState({ user: aUser('readonly') });
      serve([]);
      renderWithQuery(<CustomerPage links={LINKS} />);
      const empty = (await screen.findByText('No customers yet')).closest('[data-empty-state]')!;
      expect(within(empty as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    });

    it('a technician sees only the projects of a customer, not its inquiries or offers', async () => {
      useAuthStore.setState({ user: aUser('technician') });
      answer(requestMock, {
        'customer:get': () => aPage([pending]),
        'customer:get-one': () => pending,
        'contacts:get': () => [],
        'customer:related': () => SOME_RELATED,
      });
      const user = userEvent.setup();
      renderWithQuery(<CustomerPage links={LINKS} />);
      await user.click(await screen.findByText('Fjord Bygg AS'));
      const projects = await screen.findByRole('region', { name: /Projects/ });
      expect(within(projects).getByRole('link', { name: 'Skole' })).toHaveAttribute(
        'href',
        '/projects?open=p1',
      );
      expect(screen.queryByRole('region', { name: /Inquiries/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: /Offers/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    });
  });
});
