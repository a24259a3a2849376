import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { AddCustomerDialog } from './add-customer-dialog';
import { aCustomer, answer, eventsOf, renderWithQuery } from './testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const open = () => {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderWithQuery(<AddCustomerDialog opened onClose={onClose} onCreated={onCreated} />);
  const dialog = screen.getByRole('dialog', { name: 'Add customer' });
  return { onClose, onCreated, dialog, user: userEvent.setup() };
};

const field = (dialog: HTMLElement, label: string | RegExp) => within(dialog).getByLabelText(label);

describe('AddCustomerDialog', () => {
  beforeEach(() => {
    requestMock.mockReset();
    answer(requestMock, {
      'admin:postaladdress': ({ postalCode }) => {
        if (postalCode === '0150') return { postalCode, city: 'Oslo' };
        throw new ApiError({ code: 'NOT_FOUND', message: 'Unknown postal code' });
      },
      'customer:create': (input) =>
        aCustomer({ name: input.name, organizationNumber: input.organizationNumber }),
    });
  });

  it('has Save and Cancel and the fields of the creation payload', () => {
    const { dialog } = open();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    for (const label of [
      /^Name/,
      /^Organisation number/,
      /^Customer number/,
      'E-mail',
      'Invoice e-mail',
      'Phone',
      'Mobile',
      'Address line 1',
      'Address line 2',
      'Postal code',
      'City',
    ]) {
      expect(field(dialog, label)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('switch', { name: /Private individual/ })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /One-time customer/ })).not.toBeChecked();
    expect(within(dialog).getByText('Assigned automatically when empty.')).toBeInTheDocument();
  });

  it('shows "Must be 9 characters" next to a short organisation number and sends nothing', async () => {
    const { dialog, user, onClose } = open();
    await user.type(field(dialog, /^Name/), 'Fjord Bygg AS');
    await user.type(field(dialog, /^Organisation number/), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be 9 characters')).toBeInTheDocument();
    expect(field(dialog, /^Organisation number/)).toHaveAttribute('aria-invalid', 'true');
    expect(eventsOf(requestMock)).not.toContain('customer:create');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for an organisation number of a company and checks its check digit', async () => {
    const { dialog, user } = open();
    await user.type(field(dialog, /^Name/), 'Fjord Bygg AS');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be 9 characters')).toBeInTheDocument();
    await user.type(field(dialog, /^Organisation number/), '923609017');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Not a valid organisation number (check digit does not match)'),
    ).toBeInTheDocument();
    expect(eventsOf(requestMock)).not.toContain('customer:create');
  });

  it('fills the city from a four-digit postal code', async () => {
    const { dialog, user } = open();
    await user.type(field(dialog, 'Postal code'), '0150');
    await waitFor(() => expect(field(dialog, 'City')).toHaveValue('Oslo'));
    expect(requestMock).toHaveBeenCalledWith('admin:postaladdress', { postalCode: '0150' });
  });

  it('only hints at an unknown postal code, and still saves', async () => {
    const { dialog, user, onCreated } = open();
    await user.type(field(dialog, /^Name/), 'Ola Nordmann');
    await user.click(within(dialog).getByRole('switch', { name: /Private individual/ }));
    await user.type(field(dialog, 'Postal code'), '9999');
    expect(
      await within(dialog).findByText('Unknown postal code. Please type the city yourself.'),
    ).toBeInTheDocument();
    expect(field(dialog, 'City')).toHaveValue('');
    await user.type(field(dialog, 'City'), 'Nordpå');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(requestMock).toHaveBeenCalledWith(
      'customer:create',
      expect.objectContaining({
        postalAddress: expect.objectContaining({ postalCode: '9999', city: 'Nordpå' }),
      }),
    );
  });

  // Types into a dozen fields, which takes a while in jsdom.
  it('sends the creation payload, says "Customer created", reports the customer and closes', {
    timeout: 20_000,
  }, async () => {
    const { dialog, user, onCreated, onClose } = open();
    await user.type(field(dialog, /^Name/), '  Fjord Bygg AS ');
    await user.type(field(dialog, /^Organisation number/), '923 609 016');
    await user.type(field(dialog, /^Customer number/), '4711');
    await user.type(field(dialog, 'E-mail'), 'post@fjordbygg.no');
    await user.type(field(dialog, 'Invoice e-mail'), 'faktura@fjordbygg.no');
    await user.type(field(dialog, 'Phone'), '22 11 22 33');
    await user.type(field(dialog, 'Mobile'), '900 11 222');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Hardware store' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Invoice send method' }));
    await user.click(await screen.findByRole('option', { name: 'EHF (electronic invoice)' }));
    await user.type(field(dialog, 'Address line 1'), 'Kaia 3');
    await user.type(field(dialog, 'Postal code'), '0150');
    await waitFor(() => expect(field(dialog, 'City')).toHaveValue('Oslo'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Physical address differs' }));
    const physical = within(dialog).getByRole('group', { name: 'Physical address' });
    await user.type(within(physical).getByLabelText('Address line 1'), 'Lagerveien 9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requestMock).toHaveBeenCalledWith('customer:create', {
      name: 'Fjord Bygg AS',
      organizationNumber: '923609016',
      isPrivateIndividual: false,
      customerNumber: 4711,
      email: 'post@fjordbygg.no',
      invoiceEmail: 'faktura@fjordbygg.no',
      phoneNumber: '22 11 22 33',
      phoneNumberMobile: '900 11 222',
      invoiceSendMethod: 'EHF',
      isSupplier: false,
      supplierNumber: null,
      category: 'hardwareStore',
      paymentTermId: null,
      postalAddress: {
        addressLine1: 'Kaia 3',
        addressLine2: '',
        postalCode: '0150',
        city: 'Oslo',
        countryCode: 'NO',
      },
      physicalAddress: {
        addressLine1: 'Lagerveien 9',
        addressLine2: '',
        postalCode: '',
        city: '',
        countryCode: 'NO',
      },
      isOneTime: false,
    });
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ name: 'Fjord Bygg AS' }));
    expect(await screen.findByText('Customer created')).toBeInTheDocument();
  });

  it('sends a private individual without an organisation number, in the private category', async () => {
    const { dialog, user, onCreated } = open();
    await user.type(field(dialog, /^Organisation number/), '123');
    await user.click(within(dialog).getByRole('switch', { name: /Private individual/ }));
    expect(within(dialog).queryByLabelText(/^Organisation number/)).not.toBeInTheDocument();
    await user.type(field(dialog, /^Name/), 'Kari Nordmann');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(requestMock).toHaveBeenCalledWith(
      'customer:create',
      expect.objectContaining({
        name: 'Kari Nordmann',
        isPrivateIndividual: true,
        organizationNumber: '',
        category: 'private',
        customerNumber: null,
        physicalAddress: null,
      }),
    );
  });

  it('lets a one-time customer go without an organisation number', async () => {
    const { dialog, user, onCreated } = open();
    await user.type(field(dialog, /^Name/), 'Byggmester Hansen');
    await user.click(within(dialog).getByRole('switch', { name: /One-time customer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(requestMock).toHaveBeenCalledWith(
      'customer:create',
      expect.objectContaining({ isOneTime: true, organizationNumber: '' }),
    );
  });

  it('puts a server VALIDATION answer on the fields and stays open', async () => {
    answer(requestMock, {
      'customer:create': () => {
        throw new ApiError({
          code: 'VALIDATION',
          message: 'Customer number is taken',
          details: { fields: { customerNumber: 'validation.customerNumberTaken' } },
        });
      },
    });
    const { dialog, user, onClose, onCreated } = open();
    await user.type(field(dialog, /^Name/), 'Fjord Bygg AS');
    await user.type(field(dialog, /^Organisation number/), '923609016');
    await user.type(field(dialog, /^Customer number/), '4711');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This customer number is already in use')).toBeInTheDocument();
    expect(field(dialog, /^Customer number/)).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add customer' })).toBeInTheDocument();
  });

  it('shows other failures as an error toast and stays open', async () => {
    answer(requestMock, {
      'customer:create': () => {
        throw new ApiError({ code: 'FORBIDDEN', message: 'nope' });
      },
    });
    const { dialog, user, onClose } = open();
    await user.type(field(dialog, /^Name/), 'Fjord Bygg AS');
    await user.type(field(dialog, /^Organisation number/), '923609016');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You are not allowed to do that.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('creates once however often Save is pressed while saving', async () => {
    let finish: (value: ReturnType<typeof aCustomer>) => void = () => {};
    answer(requestMock, {
      'customer:create': () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    const { dialog, user, onCreated } = open();
    await user.type(field(dialog, /^Name/), 'Fjord Bygg AS');
    await user.type(field(dialog, /^Organisation number/), '923609016');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.dblClick(save);
    await user.click(save);
    finish(aCustomer({ name: 'Fjord Bygg AS' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(eventsOf(requestMock).filter((event) => event === 'customer:create')).toHaveLength(1);
  });

  it('Cancel closes without sending and starts empty next time', async () => {
    const { dialog, user, onClose } = open();
    await user.type(field(dialog, /^Name/), 'Halvferdig AS');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(field(dialog, /^Name/)).toHaveValue('');
    expect(eventsOf(requestMock)).not.toContain('customer:create');
  });
});
