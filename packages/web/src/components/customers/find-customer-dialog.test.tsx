import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { FindCustomerDialog } from './find-customer-dialog';
import { aCustomer, answer, aPage, eventsOf, renderWithQuery } from './testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const fjord = aCustomer({
  name: 'Fjord Bygg AS',
  organizationNumber: '974760673',
  customerNumber: 10_042,
  source: 'accounting',
  city: 'Bergen',
});
const local = aCustomer({ name: 'Fjordvinduer AS', organizationNumber: '985399077', source: 'local' });

const open = () => {
  const onClose = vi.fn();
  const onSelect = vi.fn();
  renderWithQuery(<FindCustomerDialog opened onClose={onClose} onSelect={onSelect} />);
  const dialog = screen.getByRole('dialog', { name: 'Find customer' });
  return { onClose, onSelect, dialog, user: userEvent.setup() };
};

describe('FindCustomerDialog', () => {
  beforeEach(() => {
    requestMock.mockReset();
    answer(requestMock, {
      'customer:get': ({ search }) =>
        aPage(
          [fjord, local].filter(
            (customer) =>
              customer.name.toLowerCase().includes(String(search).toLowerCase()) ||
              customer.organizationNumber === search,
          ),
        ),
    });
  });

  it('says what to type and asks nothing before there is a search', async () => {
    const { dialog } = open();
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Search' })).toHaveFocus());
    expect(
      within(dialog).getByText(/Type a name, organisation number or customer number/),
    ).toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('finds a customer by organisation number and selecting it reports it and closes', async () => {
    const { dialog, user, onSelect, onClose } = open();
    await user.type(within(dialog).getByRole('combobox', { name: 'Search' }), '974760673');
    const option = await within(dialog).findByRole('option', { name: /Fjord Bygg AS/ });
    expect(requestMock).toHaveBeenCalledWith('customer:get', { search: '974760673', page: 1, pageSize: 20 });
    expect(option).toHaveTextContent('Org. 974760673');
    expect(option).toHaveTextContent('No. 10042');
    expect(option).toHaveTextContent('Bergen');
    expect(option).toHaveTextContent('Accounting system');
    await user.click(option);
    expect(onSelect).toHaveBeenCalledWith(fjord);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lists accounting-system and local customers alike, with a source badge', async () => {
    const { dialog, user } = open();
    await user.type(within(dialog).getByRole('combobox', { name: 'Search' }), 'fjord');
    const options = await within(dialog).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Accounting system'),
      expect.stringContaining('Local'),
    ]);
    // One search, not one per keystroke.
    expect(eventsOf(requestMock)).toEqual(['customer:get']);
  });

  it('moves through the results with the arrow keys and chooses with Enter', async () => {
    const { dialog, user, onSelect } = open();
    const search = within(dialog).getByRole('combobox', { name: 'Search' });
    await user.type(search, 'fjord');
    await within(dialog).findAllByRole('option');
    expect(within(dialog).getByRole('option', { selected: true })).toHaveTextContent('Fjord Bygg AS');
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('option', { selected: true })).toHaveTextContent('Fjordvinduer AS');
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      within(dialog).getByRole('option', { selected: true }).id,
    );
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(local);
  });

  it('says when nothing matches', async () => {
    const { dialog, user } = open();
    await user.type(within(dialog).getByRole('combobox', { name: 'Search' }), 'Ukjent');
    expect(await within(dialog).findByText('No customer matches “Ukjent”.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryAllByRole('option')).toHaveLength(0));
  });
});
