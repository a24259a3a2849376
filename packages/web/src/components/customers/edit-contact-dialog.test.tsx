import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { AddContactDialog } from './add-contact-dialog';
import { aContact, aCustomer, answer, inputsOf, renderWithQuery } from './testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const customer = aCustomer({ name: 'Fjord Bygg AS' });
const kari = aContact(customer, {
  firstName: 'Kari',
  lastName: 'Nordmann',
  displayName: 'Kari Nordmann',
  email: 'kari@fjordbygg.no',
  version: 2,
});

const open = () => {
  const onClose = vi.fn();
  renderWithQuery(
    <AddContactDialog
      opened
      onClose={onClose}
      customer={{ id: customer.id, name: customer.name }}
      contact={kari}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Edit contact Kari Nordmann' });
  return { onClose, dialog, user: userEvent.setup() };
};

describe('AddContactDialog editing a saved contact', () => {
  beforeEach(() => {
    requestMock.mockReset();
    answer(requestMock, {
      'contact:update': ({ changes, version }) => ({ ...kari, ...changes, version: version + 1 }),
      'contact:archive': ({ version }) => ({ ...kari, version: version + 1 }),
    });
  });

  it('sends the changed e-mail at the version it opened with and names the contact in the toast', async () => {
    const { dialog, user, onClose } = open();
    expect(within(dialog).getByLabelText('Customer')).toHaveValue('Fjord Bygg AS');
    const email = within(dialog).getByLabelText('E-mail');
    expect(email).toHaveValue('kari@fjordbygg.no');
    await user.clear(email);
    await user.type(email, 'kari.nordmann@fjordbygg.no');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inputsOf(requestMock, 'contact:update')).toEqual([
      { id: kari.id, version: 2, changes: { email: 'kari.nordmann@fjordbygg.no' } },
    ]);
    expect(await screen.findByText('Contact Kari Nordmann saved')).toBeInTheDocument();
  });

  it('removes the contact only after asking', async () => {
    const { dialog, user, onClose } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete?' });
    expect(
      within(question).getByText(/Remove Kari Nordmann from the contacts of Fjord Bygg AS/),
    ).toBeInTheDocument();
    expect(inputsOf(requestMock, 'contact:archive')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inputsOf(requestMock, 'contact:archive')).toEqual([{ id: kari.id, version: 2 }]);
    expect(await screen.findByText('Contact Kari Nordmann removed')).toBeInTheDocument();
  });

  it('after someone else saved, offers the newer contact', async () => {
    answer(requestMock, {
      'contact:update': () => {
        throw new ApiError({ code: 'CONFLICT', message: 'Changed' });
      },
      'contact:get': () => ({ ...kari, lastName: 'Hansen', displayName: 'Kari Hansen', version: 3 }),
    });
    const { dialog, user } = open();
    await user.type(within(dialog).getByLabelText('Mobile'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Changed by someone else' });
    await user.click(within(question).getByRole('button', { name: 'Retrieve newer data' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Last name')).toHaveValue('Hansen'));
  });
});
