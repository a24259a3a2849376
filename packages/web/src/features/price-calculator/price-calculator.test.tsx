import type { PriceMatrixDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceCalculatorDialog } from '@/components';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { PriceCalculatorPage } from './price-calculator-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
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

const SAVED: PriceMatrixDto = {
  matrix: {
    doorTypes: [
      { id: 'inner', name: 'Inner door', nameNb: '', isActive: true },
      { id: 'outer', name: 'Outer door', nameNb: '', isActive: true },
    ],
    widthRanges: [
      { id: 'w1', fromMm: 700, toMm: 900 },
      { id: 'w2', fromMm: 901, toMm: 1100 },
    ],
    heightRanges: [{ id: 'h1', fromMm: 1800, toMm: 2100 }],
    cells: [
      { doorTypeId: 'inner', widthRangeId: 'w1', heightRangeId: 'h1', price: 450_000, cost: 261_000 },
      { doorTypeId: 'inner', widthRangeId: 'w2', heightRangeId: 'h1', price: 540_000, cost: 317_000 },
    ],
  },
  version: 3,
  updatedAt: '2026-03-02T10:00:00.000Z',
  updatedBy: { id: 'u', displayName: 'Anne Admin' },
};

/** Testing Library reads the non-breaking spaces of formatted amounts as plain spaces. */
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

const enterDoor = async (
  user: ReturnType<typeof userEvent.setup>,
  door: string,
  width: string,
  height: string,
) => {
  await user.click(screen.getByRole('combobox', { name: 'Door type' }));
  await user.click(await screen.findByRole('option', { name: door }));
  await user.type(screen.getByRole('textbox', { name: 'Width (mm)' }), width);
  await user.type(screen.getByRole('textbox', { name: 'Height (mm)' }), height);
};

describe('PriceCalculatorDialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    requestMock.mockReset();
  });

  it('shows the price live, asks the server on "Add to offer", hands over the line with its cost and closes', async () => {
    answer(requestMock, {
      'price-matrix:get': () => SAVED,
      'price-calculator:calculate': ({ count }) => ({
        unitPrice: 540_000,
        unitCost: 317_000,
        description: 'Inner door, 1000 × 2000 mm',
        count,
        total: 540_000 * count,
      }),
    });
    const onAddLine = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderScreen(<PriceCalculatorDialog opened onClose={onClose} onAddLine={onAddLine} />);
    await screen.findByRole('combobox', { name: 'Door type' });
    expect(screen.getByRole('button', { name: 'Add to offer' })).toBeDisabled();

    await enterDoor(user, 'Inner door', '1000', '2000');
    const count = screen.getByRole('textbox', { name: 'Count' });
    await user.clear(count);
    await user.type(count, '2');
    const result = screen.getByTestId('price-result');
    expect(plain(result.textContent)).toContain('Inner door, 1000 × 2000 mm');
    expect(plain(screen.getByTestId('price-total').textContent)).toBe('10 800,00 kr');

    await user.click(screen.getByRole('button', { name: 'Add to offer' }));
    await waitFor(() =>
      expect(onAddLine).toHaveBeenCalledWith({
        description: 'Inner door, 1000 × 2000 mm',
        count: 2,
        unitPrice: 540_000,
        discountPercent: 0,
        costPrice: 317_000,
        vatPercent: 25,
      }),
    );
    expect(inputsOf(requestMock, 'price-calculator:calculate')).toEqual([
      { doorTypeId: 'inner', widthMm: 1000, heightMm: 2000, count: 2, locale: 'en' },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('says why a size has no price, and toasts a failed calculation without adding the line', async () => {
    answer(requestMock, {
      'price-matrix:get': () => SAVED,
      'price-calculator:calculate': () => {
        throw new ApiError({ code: 'UPSTREAM', message: 'down' });
      },
    });
    const onAddLine = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderScreen(<PriceCalculatorDialog opened onClose={vi.fn()} onAddLine={onAddLine} />);
    await screen.findByRole('combobox', { name: 'Door type' });
    await enterDoor(user, 'Outer door', '800', '2000');
    expect(screen.getAllByText('This size is not offered for this door type').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Add to offer' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Door type' }));
    await user.click(await screen.findByRole('option', { name: 'Inner door' }));
    await user.click(screen.getByRole('button', { name: 'Add to offer' }));
    expect(await screen.findByText('Operation failed, please try again')).toBeInTheDocument();
    expect(onAddLine).not.toHaveBeenCalled();
  });

  it('only shows the price when opened without an offer', async () => {
    answer(requestMock, { 'price-matrix:get': () => SAVED });
    renderScreen(<PriceCalculatorDialog opened onClose={vi.fn()} />);
    await screen.findByRole('combobox', { name: 'Door type' });
    expect(screen.queryByRole('button', { name: 'Add to offer' })).not.toBeInTheDocument();
  });
});

describe('PriceCalculatorPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    requestMock.mockReset();
  });

  it('shows no matrix editor to a user who is not an administrator', async () => {
    useAuthStore.setState({ user: aUser('office') });
    answer(requestMock, { 'price-matrix:get': () => SAVED });
    renderScreen(<PriceCalculatorPage />);
    await screen.findByRole('combobox', { name: 'Door type' });
    expect(screen.queryByRole('heading', { name: 'Price matrix' })).not.toBeInTheDocument();
  });

  it('lets an administrator edit prices and costs and save with the version read, with a toast', async () => {
    useAuthStore.setState({ user: aUser('admin') });
    answer(requestMock, {
      'price-matrix:get': () => SAVED,
      'price-matrix:update': ({ matrix }) => ({
        ...SAVED,
        matrix: matrix as PriceMatrixDto['matrix'],
        version: 4,
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<PriceCalculatorPage />);
    expect(await screen.findByRole('heading', { name: 'Price matrix' })).toBeInTheDocument();
    expect(screen.getByText('Last saved 02.03.2026 by Anne Admin')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const cell = screen.getByRole('textbox', {
      name: 'Price for Outer door, width 700–900, height 1800–2100',
    });
    // The existing cells show their cost and margin.
    expect(
      screen.getByRole('textbox', { name: 'Cost price for Inner door, width 700–900, height 1800–2100' }),
    ).toHaveValue('2 610');
    expect(screen.getByText('Margin 42 %')).toBeInTheDocument();
    await user.type(cell, '12500');
    // A new price needs its cost before the matrix can be saved.
    expect(await screen.findByText('A cost must be more than zero')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(
      screen.getByRole('textbox', { name: 'Cost price for Outer door, width 700–900, height 1800–2100' }),
      '7500',
    );
    expect(screen.getByText('Margin 40 %')).toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('Price matrix saved')).toBeInTheDocument();
    const [saved] = inputsOf(requestMock, 'price-matrix:update');
    expect(saved?.version).toBe(3);
    expect(saved?.matrix.cells).toContainEqual({
      doorTypeId: 'outer',
      widthRangeId: 'w1',
      heightRangeId: 'h1',
      price: 1_250_000,
      cost: 750_000,
    });
  });

  it('names door types in both languages, orders them and deactivates one; the calculator offers the active ones', async () => {
    useAuthStore.setState({ user: aUser('admin') });
    answer(requestMock, {
      'price-matrix:get': () => SAVED,
      'price-matrix:update': ({ matrix }) => ({
        ...SAVED,
        matrix: matrix as PriceMatrixDto['matrix'],
        version: 4,
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<PriceCalculatorPage />);
    await user.type(await screen.findByRole('textbox', { name: 'Name (Norwegian) 2' }), 'Ytterdør');
    await user.click(screen.getByRole('button', { name: 'Move up: Outer door' }));
    await user.click(screen.getByRole('switch', { name: 'Active: Inner door' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price matrix saved')).toBeInTheDocument();
    const [saved] = inputsOf(requestMock, 'price-matrix:update');
    expect(saved?.matrix.doorTypes).toEqual([
      { id: 'outer', name: 'Outer door', nameNb: 'Ytterdør', isActive: true },
      { id: 'inner', name: 'Inner door', nameNb: '', isActive: false },
    ]);
    // The calculator above the editor now offers only the active door type.
    await user.click(screen.getByRole('combobox', { name: 'Door type' }));
    expect(await screen.findByRole('option', { name: 'Outer door' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Inner door' })).not.toBeInTheDocument();
  });

  it('shows range errors beside the field and does not save them', async () => {
    useAuthStore.setState({ user: aUser('admin') });
    answer(requestMock, { 'price-matrix:get': () => SAVED });
    const user = userEvent.setup({ delay: null });
    renderScreen(<PriceCalculatorPage />);
    const from = await screen.findByRole('textbox', { name: 'Width ranges (mm) 2 From' });
    await user.clear(from);
    await user.type(from, '850');
    expect(
      await screen.findByText('Ranges must be in ascending order and must not overlap'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('asks before removing a door type, and offers to load a newer matrix after a conflict', async () => {
    useAuthStore.setState({ user: aUser('admin') });
    let stored = SAVED;
    answer(requestMock, {
      'price-matrix:get': () => stored,
      'price-matrix:update': () => {
        throw new ApiError({ code: 'CONFLICT', message: 'stale' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<PriceCalculatorPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove Outer door' }));
    const confirmDialog = await screen.findByRole('dialog');
    expect(
      within(confirmDialog).getByText('Remove the door type "Outer door" and its prices?'),
    ).toBeInTheDocument();
    await user.click(within(confirmDialog).getByRole('button', { name: /confirm|yes|ok/i }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Name (English) 2' })).not.toBeInTheDocument(),
    );

    stored = {
      ...SAVED,
      version: 4,
      matrix: { ...SAVED.matrix, doorTypes: [{ id: 'inner', name: 'Innerdør', nameNb: '', isActive: true }] },
    };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Operation failed, please try again')).toBeInTheDocument();
    expect(screen.getByText(/Someone else saved the price matrix/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load the newer version' }));
    expect(await screen.findByDisplayValue('Innerdør')).toBeInTheDocument();
    expect(screen.queryByText(/Someone else saved/)).not.toBeInTheDocument();
  });
});
