import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { AddContactDialog } from './add-contact-dialog';
import { aContact, aCustomer, answer, renderWithQuery } from './testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const customer = aCustomer({ name: 'Fjord Bygg AS' });

const open = () => {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderWithQuery(
    <AddContactDialog
      opened
      onClose={onClose}
      customer={{ id: customer.id, name: customer.name }}
      onCreated={onCreated}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
  return { onClose, onCreated, dialog, user: userEvent.setup() };
};

const FOOTER_LABELS = ['Save', 'Cancel', 'Delete', 'Archive', 'Download', 'Show document'];

describe('AddContactDialog', () => {
  beforeEach(() => {
    requestMock.mockReset();
    answer(requestMock, {
      'contact:create': (input) =>
        aContact(customer, {
          firstName: input.firstName ?? '',
          lastName: input.lastName ?? '',
          displayName: `${input.firstName ?? ''} ${input.lastName ?? ''}`.trim(),
        }),
    });
  });

  it('shows the customer read-only, the four contact fields and a Save button only', () => {
    const { dialog } = open();
    const customerField = within(dialog).getByLabelText('Customer');
    expect(customerField).toHaveValue('Fjord Bygg AS');
    expect(customerField).toHaveAttribute('readonly');
    for (const label of ['First name', 'Last name', 'Mobile', 'E-mail']) {
      expect(within(dialog).getByLabelText(label)).toHaveValue('');
    }
    const footerButtons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => FOOTER_LABELS.includes(text ?? ''));
    expect(footerButtons).toEqual(['Save']);
    // The header's close button is still there.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('does not validate: Save with every field empty sends contact:create', async () => {
    const { dialog, user, onCreated, onClose } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requestMock).toHaveBeenCalledWith('contact:create', {
      customerId: customer.id,
      firstName: '',
      lastName: '',
      phoneNumberMobile: '',
      email: '',
    });
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ customerId: customer.id }));
    expect(await screen.findByText('Contact created')).toBeInTheDocument();
  });

  it('sends what was typed, as typed (no e-mail check)', async () => {
    const { dialog, user, onCreated } = open();
    await user.type(within(dialog).getByLabelText('First name'), 'Ola');
    await user.type(within(dialog).getByLabelText('Last name'), 'Nordmann');
    await user.type(within(dialog).getByLabelText('Mobile'), '900 00 000');
    await user.type(within(dialog).getByLabelText('E-mail'), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(requestMock).toHaveBeenCalledWith('contact:create', {
      customerId: customer.id,
      firstName: 'Ola',
      lastName: 'Nordmann',
      phoneNumberMobile: '900 00 000',
      email: 'not an address',
    });
  });
});
