import type { CustomerDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { AddCustomerDialog } from './add-customer-dialog';
import { aCustomer, answer, inputsOf, renderWithQuery } from './testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const saved = aCustomer({
  name: 'Fjord Bygg AS',
  source: 'accounting',
  phoneNumber: '55 00 11 22',
  customerNumber: 10_042,
  version: 4,
});

const open = (customer = saved) => {
  const onClose = vi.fn();
  renderWithQuery(<AddCustomerDialog opened onClose={onClose} customer={customer} />);
  const dialog = screen.getByRole('dialog', { name: `Edit customer ${customer.name}` });
  return { onClose, dialog, user: userEvent.setup() };
};

describe('AddCustomerDialog editing a saved customer', () => {
  beforeEach(() => {
    requestMock.mockReset();
    answer(requestMock, {
      'customer:update': ({ changes, version }) =>
        ({ ...saved, ...changes, version: version + 1 }) as CustomerDto,
    });
  });

  it('starts from the customer, keeps its number read-only, and offers no one-time switch', () => {
    const { dialog } = open();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Fjord Bygg AS');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('55 00 11 22');
    expect(within(dialog).getByLabelText(/^Customer number/)).toHaveAttribute('readonly');
    expect(within(dialog).getByText('The customer number cannot be changed.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('One-time customer')).not.toBeInTheDocument();
  });

  it('sends only the changed field at the version it opened with, names the customer in the toast and closes', async () => {
    const { dialog, user, onClose } = open();
    const phone = within(dialog).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, ' 22 33 44 55 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inputsOf(requestMock, 'customer:update')).toEqual([
      { id: saved.id, version: 4, changes: { phoneNumber: '22 33 44 55' } },
    ]);
    expect(await screen.findByText('Customer Fjord Bygg AS saved')).toBeInTheDocument();
  });

  it('after someone else saved, offers the newer version and continues from it', async () => {
    const newer = { ...saved, phoneNumber: '99 99 99 99', email: 'ny@fjordbygg.no', version: 5 };
    answer(requestMock, {
      'customer:update': ({ version, changes }) => {
        if (version !== newer.version) throw new ApiError({ code: 'CONFLICT', message: 'Changed' });
        return { ...newer, ...changes, version: 6 } as CustomerDto;
      },
      'customer:get-one': () => newer,
    });
    const { dialog, user, onClose } = open();
    await user.type(within(dialog).getByLabelText('Mobile'), '900 00 000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Changed by someone else' });
    await user.click(within(question).getByRole('button', { name: 'Retrieve newer data' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Phone')).toHaveValue('99 99 99 99'));
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('ny@fjordbygg.no');
    expect(onClose).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Mobile'), '911 11 111');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inputsOf(requestMock, 'customer:update').at(-1)).toEqual({
      id: saved.id,
      version: 5,
      changes: { phoneNumberMobile: '911 11 111' },
    });
  });

  it('asks before dropping unsaved edits', async () => {
    const { dialog, user, onClose } = open();
    await user.type(within(dialog).getByLabelText('Mobile'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inputsOf(requestMock, 'customer:update')).toEqual([]);
  });
});
