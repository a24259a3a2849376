import type { OfferDetailDto, OfferDto, ProductDto } from '@karm/domain/contract';
import { formatNok } from '@karm/domain/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { answer, inputsOf } from '@/test/socket-mock';
import { OfferDialog } from './offer-dialog';
import { aDetail, anOffer, renderOffers, STATUSES } from './offers-testing';

// Typing into many fields in jsdom is slow on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
const httpMock = vi.mocked(http);
const requestMock = vi.mocked(request);

const SENSOR: ProductDto = {
  id: '30000000-0000-7000-8000-000000000009',
  number: 'SEN-10',
  name: 'Radarsensor',
  unit: 'stk',
  priceOre: 1_890_50,
  costPriceOre: 1_180_00,
  vatPercent: 25,
  isService: false,
  isActive: true,
  source: 'karm',
  version: 1,
};

let detail: OfferDetailDto;
/** Set, the conversion succeeds and the offer comes back converted with these fields. */
let converted: { projectId: string; offer: Partial<OfferDto> } | null;
const calls: { path: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  useAuthStore.setState({ user: aUser('office') });
  calls.length = 0;
  converted = null;
  detail = aDetail(anOffer());
  answer(requestMock, {
    'employee:get': () => [],
    'product:get': (input) => {
      const term = (input.search ?? '').toLowerCase();
      const items = [SENSOR].filter((product) =>
        `${product.number} ${product.name}`.toLowerCase().includes(term),
      );
      return { items, total: items.length, page: 1, pageSize: 30, source: 'karm', isTotalExact: true };
    },
  });
  httpMock.mockImplementation((async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const method = options.method ?? 'GET';
    calls.push({ path, method, body: options.body });
    if (path === '/offer-statuses') return STATUSES;
    if (path === '/offer-config')
      return {
        deadlineDays: 14,
        defaultStatusId: STATUSES[0]?.id,
        firstNumber: 10_001,
        validityDays: 30,
        version: 1,
      };
    if (path === `/offers/${detail.offer.id}` && method === 'GET') return detail;
    if (path === `/offers/${detail.offer.id}` && method === 'PATCH') return { ...detail.offer, version: 2 };
    if (path === `/offers/${detail.offer.id}/convert-to-project`) {
      if (converted) {
        detail = aDetail(
          anOffer({ ...converted.offer, projectId: converted.projectId, projectNumber: 1_043, version: 2 }),
        );
        return { projectId: converted.projectId, projectNumber: 1_043 };
      }
      throw new (await import('@/lib/http')).ApiError({ code: 'UPSTREAM', message: 'Conversion failed!' });
    }
    if (path === '/offers' && method === 'POST') return anOffer({ id: 'new', number: 10_043 });
    throw new Error(`No mock for ${method} ${path}`);
  }) as typeof http);
});

const open = (offerId: string | null = detail.offer.id, onOpenProject = vi.fn()) => {
  const view = renderOffers(
    <OfferDialog
      opened
      offerId={offerId}
      onClose={vi.fn()}
      onOpenProject={onOpenProject}
      renderLineActions={(addLine) => (
        <button type="button" onClick={() => addLine({ description: 'Kalkulert dør', unitPrice: 5_000_00 })}>
          Price calculator
        </button>
      )}
    />,
  );
  return { ...view, user: userEvent.setup({ delay: null }) };
};

describe('OfferDialog', () => {
  it('shows the offer, its lines with live totals and VAT, and saves the changed lines', async () => {
    const { user } = open();
    expect(await screen.findByText('Offer 10042 – Skole Lørenskog')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Lines' }));
    expect(screen.getByDisplayValue('Ytterdør')).toBeInTheDocument();
    expect(screen.getByText(/VAT 25 %/).textContent).toContain(formatNok(6_750_00));
    await user.click(screen.getByRole('button', { name: 'Price calculator' }));
    expect(screen.getByDisplayValue('Kalkulert dør')).toBeInTheDocument();
    expect(screen.getByText(/Total incl. VAT/).textContent).toContain(
      formatNok((27_000_00 + 5_000_00) * 1.25),
    );
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')?.body as {
      lines: { description: string }[];
      version: number;
    };
    expect(patch.version).toBe(1);
    expect(patch.lines.map((line) => line.description)).toEqual(['Ytterdør', 'Kalkulert dør']);
    // The toast names what was saved.
    expect(await screen.findByText('Offer 10042 saved')).toBeInTheDocument();
  });

  it('adds a line from a product found on the server, filled and still editable, and saves it', async () => {
    const { user } = open();
    expect(await screen.findByText('Offer 10042 – Skole Lørenskog')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Lines' }));
    const picker = screen.getByRole('combobox', { name: 'Add line from product' });
    await user.type(picker, 'radar');
    await waitFor(() => expect(inputsOf(requestMock, 'product:get').at(-1)?.search).toBe('radar'));
    // Chosen with the keyboard: the first answer, then Enter.
    await screen.findByRole('option', { name: /SEN-10 Radarsensor/ });
    await user.keyboard('{ArrowDown}{Enter}');
    const description = await screen.findByRole('textbox', { name: 'Description, line 2' });
    expect(description).toHaveValue('SEN-10 Radarsensor');
    expect(screen.getByRole('textbox', { name: 'Unit price, line 2' })).toHaveValue(formatNok(1_890_50));
    expect(screen.getByRole('textbox', { name: 'Cost price, line 2' })).toHaveValue(formatNok(1_180_00));
    expect(screen.getByRole('combobox', { name: 'VAT, line 2' })).toHaveValue('25');
    // The picker is empty again, ready for the next product.
    expect(picker).toHaveValue('');
    await user.clear(description);
    await user.type(description, 'Radarsensor, montert');
    await user.selectOptions(screen.getByRole('combobox', { name: 'VAT, line 2' }), '15');
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')?.body as { lines: unknown[] };
    expect(patch.lines[1]).toEqual({
      description: 'Radarsensor, montert',
      count: 1,
      unitPrice: 1_890_50,
      discountPercent: 0,
      costPrice: 1_180_00,
      vatPercent: 15,
    });
  });

  it('gives a line already there a product: description, prices and VAT change, count and discount stay', async () => {
    const { user } = open();
    expect(await screen.findByText('Offer 10042 – Skole Lørenskog')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Lines' }));
    await user.click(screen.getByRole('button', { name: 'Product for line 1' }));
    const picker = await screen.findByRole('combobox', { name: 'Product for line 1' });
    await user.type(picker, 'sen-10');
    await user.click(await screen.findByRole('option', { name: /SEN-10 Radarsensor/ }));
    expect(screen.getByRole('textbox', { name: 'Description, line 1' })).toHaveValue('SEN-10 Radarsensor');
    expect(screen.getByRole('textbox', { name: 'Unit price, line 1' })).toHaveValue(formatNok(1_890_50));
    expect(screen.getByRole('textbox', { name: 'Cost price, line 1' })).toHaveValue(formatNok(1_180_00));
    expect(screen.getByRole('textbox', { name: 'Count, line 1' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Discount %, line 1' })).toHaveValue('10');
    // The picker closes once the product is taken.
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Product for line 1' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')?.body as { lines: unknown[] };
    expect(patch.lines).toEqual([
      {
        id: '30000000-0000-7000-8000-000000000001',
        description: 'SEN-10 Radarsensor',
        count: 2,
        unitPrice: 1_890_50,
        discountPercent: 10,
        costPrice: 1_180_00,
        vatPercent: 25,
      },
    ]);
  });

  it('opens the new project at once after converting, and takes the won status', async () => {
    const projectId = '60000000-0000-7000-8000-000000000002';
    converted = {
      projectId,
      offer: { statusId: STATUSES[1]?.id ?? null, status: { id: STATUSES[1]?.id ?? '', name: 'Sendt' } },
    };
    const onOpenProject = vi.fn();
    const { user } = open(detail.offer.id, onOpenProject);
    await screen.findByText('Offer 10042 – Skole Lørenskog');
    await user.click(screen.getByRole('button', { name: 'Convert to project' }));
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('Project 1043 was made from the offer')).toBeInTheDocument();
    await waitFor(() => expect(onOpenProject).toHaveBeenCalledWith(projectId));
    // The form follows the status the conversion set, so nothing is left unsaved.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Sendt'));
    expect(screen.queryByRole('button', { name: 'Convert to project' })).not.toBeInTheDocument();
  });

  it('shows in its history who changed which field from what to what, and when', async () => {
    detail = aDetail(anOffer(), {
      history: [
        {
          id: 'h2',
          action: 'converted',
          changes: [{ field: 'statusId', from: 'Sendt', to: 'Vunnet' }],
          reason: null,
          projectNumber: 1_043,
          user: { id: 'e1', displayName: 'Åse Selger' },
          at: '2026-03-05T13:07:00.000Z',
        },
        {
          id: 'h1',
          action: 'updated',
          changes: [
            { field: 'statusId', from: 'Under arbeid', to: 'Sendt' },
            { field: 'value', from: '2700000', to: '3200000' },
            { field: 'complexity', from: null, to: 'high' },
            { field: 'offerDeadline', from: null, to: '2026-04-01' },
            // Written before values were kept: the field alone.
            { field: 'comment', from: null, to: null },
          ],
          reason: null,
          projectNumber: null,
          user: null,
          at: '2026-03-02T09:30:00.000Z',
        },
      ],
    });
    const { user } = open();
    await screen.findByText('Offer 10042 – Skole Lørenskog');
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Converted to project')).toBeInTheDocument();
    expect(screen.getByText('Project 1043')).toBeInTheDocument();
    expect(screen.getByText('Åse Selger, 05.03.2026 14:07')).toBeInTheDocument();
    expect(screen.getByText('Status: Sendt → Vunnet')).toBeInTheDocument();
    expect(screen.getByText('Status: Under arbeid → Sendt')).toBeInTheDocument();
    // Testing Library reads no-break spaces as spaces.
    const money = (øre: number) => formatNok(øre).replace(/\s/g, ' ');
    expect(screen.getByText(`Value: ${money(27_000_00)} → ${money(32_000_00)}`)).toBeInTheDocument();
    expect(screen.getByText('Complexity: (empty) → High')).toBeInTheDocument();
    expect(screen.getByText('Offer deadline: (empty) → 01.04.2026')).toBeInTheDocument();
    expect(screen.getByText('Comment')).toBeInTheDocument();
    expect(screen.getByText('Unknown user, 02.03.2026 10:30')).toBeInTheDocument();
  });

  it('restarts the shown status deadline when another status is chosen', async () => {
    const { user } = open();
    await screen.findByText('Offer 10042 – Skole Lørenskog');
    await waitFor(() =>
      expect(document.querySelector('[data-status-deadline]')?.textContent).toContain('Under arbeid'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Sendt' }));
    // A new status counts from today: 7 days for "Sendt".
    expect(document.querySelector('[data-status-deadline]')?.textContent).toContain('Sendt · 7 days left');
  });

  it('shows "From inquiry N" and "Conversion failed!" when converting fails', async () => {
    detail = aDetail(anOffer({ inquiryId: '50000000-0000-7000-8000-000000000001', inquiryNumber: 501 }));
    const { user } = open();
    expect(await screen.findByText('From inquiry 501')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Convert to project' }));
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('Conversion failed!')).toBeInTheDocument();
  });

  it('links to the project an offer was converted to', async () => {
    detail = aDetail(anOffer({ projectId: '60000000-0000-7000-8000-000000000001', projectNumber: 1_042 }));
    open();
    expect(await screen.findByText('Project 1042')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convert to project' })).not.toBeInTheDocument();
  });

  it('refuses a payment plan that does not add up to 100 % before saving', async () => {
    const { user } = open();
    await screen.findByText('Offer 10042 – Skole Lørenskog');
    await user.click(screen.getByRole('tab', { name: 'Payment plan' }));
    await user.click(screen.getByRole('button', { name: 'Add part' }));
    const percent = screen.getByRole('textbox', { name: 'Percent' });
    await user.clear(percent);
    await user.type(percent, '40');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('The payment plan percentages must add up to 100 %')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  describe('for a role that may read offers but not change them', () => {
    beforeEach(() => useAuthStore.setState({ user: aUser('readonly') }));

    it('shows the offer read only: its PDF opens, nothing changes it', async () => {
      const { user } = open();
      const dialog = await screen.findByRole('dialog', { name: 'Offer 10042 – Skole Lørenskog' });
      expect(within(dialog).getByText('Read only')).toBeInTheDocument();
      await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Status' })).toBeDisabled());
      for (const action of ['Save', 'Archive', 'Convert to project']) {
        expect(within(dialog).queryByRole('button', { name: action }), action).not.toBeInTheDocument();
      }
      expect(within(dialog).getByRole('button', { name: 'Show document' })).toBeEnabled();

      await user.click(within(dialog).getByRole('tab', { name: 'Lines' }));
      expect(within(dialog).getByDisplayValue('Ytterdør')).toBeDisabled();
      for (const action of ['Add line', 'Price calculator', 'Remove, line 1']) {
        expect(within(dialog).queryByRole('button', { name: action }), action).not.toBeInTheDocument();
      }
      expect(
        within(dialog).queryByRole('combobox', { name: 'Add line from product' }),
      ).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('tab', { name: 'Payment plan' }));
      expect(within(dialog).queryByRole('button', { name: 'Add part' })).not.toBeInTheDocument();
    });

    it('still opens the project the offer became', async () => {
      const projectId = '60000000-0000-7000-8000-000000000001';
      detail = aDetail(anOffer({ projectId, projectNumber: 1_042 }));
      const onOpenProject = vi.fn();
      const { user } = open(detail.offer.id, onOpenProject);
      await user.click(await screen.findByRole('button', { name: 'Project 1042' }));
      expect(onOpenProject).toHaveBeenCalledWith(projectId);
    });
  });

  it('offers the conversion to a project only to whoever may add projects', async () => {
    const office = aUser('office');
    useAuthStore.setState({
      user: { ...office, permissions: office.permissions.filter((held) => held !== 'projects.write') },
    });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Offer 10042 – Skole Lørenskog' });
    expect(within(dialog).getByRole('button', { name: /save/i })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Convert to project' })).not.toBeInTheDocument();
  });
});
