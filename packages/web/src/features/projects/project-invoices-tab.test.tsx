import type { InvoiceConfirmationDto, OrderSquareDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { inputsOf } from '@/test/socket-mock';
import { ProjectInvoicesTab } from './project-invoices-tab';
import { renderProjects } from './projects-testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);
const httpMock = vi.mocked(http);

const PROJECT_ID = '0193a5d2-0000-7000-8000-00000000a001';
const square = (position: number, extra: Partial<OrderSquareDto> = {}): OrderSquareDto => ({
  paymentRuleId: `0193a5d2-0000-7000-8000-00000000b00${position}`,
  position,
  description: ['Ved ordre', 'Ved levering', 'Sluttoppgjør'][position] ?? 'Del',
  amount: [375_00, 750_00, 125_00][position] ?? 0,
  share: { type: 'percent', basisPoints: [3000, 6000, 1000][position] ?? 0 },
  due: { kind: 'onOrder' },
  isDue: true,
  status: 1,
  invoice: null,
  ...extra,
});
let confirmations: InvoiceConfirmationDto[];

beforeEach(() => {
  requestMock.mockReset();
  httpMock.mockReset();
  confirmations = [
    {
      confirmationId: '0193a5d2-0000-7000-8000-00000000c001',
      confirmationKind: 'confirmation',
      confirmationNumber: 1001,
      version: 1,
      isInvoiced: true,
      date: '2026-03-02',
      total: 1_250_00,
      customerName: 'Bjørnstad Bygg AS',
      squares: [
        square(0, {
          status: 2,
          invoice: {
            id: '0193a5d2-0000-7000-8000-00000000d001',
            number: 7,
            amount: 375_00,
            amountOutstanding: 375_00,
            dueDate: '2026-03-16',
            syncStatus: 'local',
            syncError: null,
            version: 1,
          },
        }),
        square(1, { due: { kind: 'atDelivery' }, isDue: false }),
        square(2),
      ],
    },
  ];
  httpMock.mockImplementation(async (path: string) => {
    if (path.startsWith('/invoices-confirmations/project/')) return confirmations as never;
    if (path === '/invoices') return { id: 'new' } as never;
    if (path === '/confirmations/payment_rules') return TEMPLATES as never;
    if (path === `/offers/${OFFER_ID}`)
      return { offer: { number: 10042, productionHours: 10, installationHours: 8.5 } } as never;
    throw new Error(`Unexpected ${path}`);
  });
  requestMock.mockImplementation((async () => ({})) as never);
});

const OFFER_ID = '0193a000-0000-7000-8000-0000000000f1';

const open = (role: 'admin' | 'office' = 'admin', offerId: string | null = null) => {
  useAuthStore.setState({ user: aUser(role) });
  renderProjects(
    <ProjectInvoicesTab
      projectId={PROJECT_ID}
      offerId={offerId}
      ordersTotalExVat={2_000_00}
      columns={[]}
      plannedHours={{ production: 12, installation: 8 }}
    />,
  );
  return userEvent.setup({ delay: null });
};

const rowOf = async (position: number) => {
  await waitFor(() => expect(document.querySelector(`[data-square="${position}"]`)).not.toBeNull());
  return document.querySelector(`[data-square="${position}"]`) as HTMLElement;
};

describe('ProjectInvoicesTab', () => {
  it('shows each part with its status, due rule and invoice, and marks what is ready to invoice', async () => {
    open();
    const first = await rowOf(0);
    expect(within(first).getByText(/Invoice 7 · Not sent/)).toBeInTheDocument();
    expect(within(first).getByText(/Due 16\.03\.2026 · outstanding .*375,00/)).toBeInTheDocument();
    expect(within(await rowOf(1)).getByText('At delivery')).toBeInTheDocument();
    expect(within(await rowOf(1)).queryByText('Ready to invoice')).toBeNull();
    expect(within(await rowOf(2)).getByText('Ready to invoice')).toBeInTheDocument();
    expect(screen.getByText('Planned hours: production 12 h, installation 8 h.')).toBeInTheDocument();
  });

  it('invoices a square in one click, with a fresh key per click', async () => {
    const user = open();
    await user.click(within(await rowOf(2)).getByRole('button', { name: 'Create invoice' }));
    await waitFor(() =>
      expect(httpMock).toHaveBeenCalledWith('/invoices', {
        method: 'POST',
        body: {
          confirmationId: '0193a5d2-0000-7000-8000-00000000c001',
          paymentRuleId: square(2).paymentRuleId,
          requestId: expect.any(String),
        },
      }),
    );
    expect(await screen.findByText('Invoice created')).toBeInTheDocument();
  });

  it('marks Karm’s own invoice sent, and credits it only with a reason', async () => {
    const user = open();
    const first = await rowOf(0);
    await user.click(within(first).getByRole('button', { name: 'Mark as sent' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'invoices:upd')).toEqual([
        { id: '0193a5d2-0000-7000-8000-00000000d001', version: 1, changes: { isSent: true } },
      ]),
    );
    await user.click(within(first).getByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit invoice 7' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'invoices:del')).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Feil beløp');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'invoices:del')).toEqual([
        { id: '0193a5d2-0000-7000-8000-00000000d001', version: 1, reason: 'Feil beløp' },
      ]),
    );
  });

  it('shows staff the squares without any invoicing action', async () => {
    open('office');
    const first = await rowOf(0);
    expect(within(first).getByText(/Invoice 7/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create invoice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Credit' })).toBeNull();
  });

  it('says no invoice exists yet where none is made', async () => {
    confirmations = [{ ...confirmations[0]!, squares: [square(1), square(2)] }];
    open('office');
    expect(await screen.findByText('No Invoice exist yet! Admin must create invoice.')).toBeInTheDocument();
  });

  it('sets the hours sold in the offer against the hours planned, more planned in red', async () => {
    open('admin', OFFER_ID);
    const production = await screen.findByRole('row', { name: /^Production/ });
    expect(production).toHaveTextContent('Production10 h12 h+2 h');
    expect(screen.getByRole('row', { name: /^Installation/ })).toHaveTextContent(
      'Installation8.5 h8 h-0.5 h',
    );
    expect(screen.getByRole('columnheader', { name: 'Sold (offer 10042)' })).toBeInTheDocument();
  });
});

const PLAN: InvoiceConfirmationDto = {
  confirmationId: '0193a5d2-0000-7000-8000-00000000c002',
  confirmationKind: 'invoicePlan',
  confirmationNumber: 1,
  version: 3,
  isInvoiced: false,
  date: '2026-03-05',
  total: 1_250_00,
  customerName: 'Bjørnstad Bygg AS',
  squares: [
    {
      ...square(0),
      paymentRuleId: '0193a5d2-0000-7000-8000-00000000b101',
      description: 'Oppstart',
      share: { type: 'fixed', amount: 500_00 },
      amount: 500_00,
    },
    {
      ...square(1),
      paymentRuleId: '0193a5d2-0000-7000-8000-00000000b102',
      description: 'Rest',
      share: { type: 'percent', basisPoints: 10_000 },
      amount: 750_00,
      due: { kind: 'onDate', date: '2026-04-30' },
      isDue: false,
    },
  ],
};

const TEMPLATES = [
  {
    id: 'half-and-half',
    name: '50/50',
    paymentRules: [
      {
        description: 'Ved oppstart',
        share: { type: 'percent', basisPoints: 5000 },
        due: { kind: 'onOrder' },
      },
      {
        description: 'Ved levering',
        share: { type: 'percent', basisPoints: 5000 },
        due: { kind: 'atDelivery' },
      },
    ],
  },
];

const planCard = async () => {
  await waitFor(() => expect(document.querySelector('[data-invoice-plan]')).not.toBeNull());
  return document.querySelector('[data-invoice-plan]') as HTMLElement;
};

describe('the own invoice plan', () => {
  it('lets an administrator add a plan over the project’s order lines with VAT, saved with one key', async () => {
    confirmations = [];
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Add own invoice plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New own invoice plan' });
    // 2 000,00 ex. VAT → 2 500,00 with VAT 25 %, all of it on order to start with.
    expect(within(dialog).getByText(/The parts add up to/)).toHaveTextContent(/2.500,00/);
    await user.type(within(dialog).getByRole('textbox', { name: 'Description 1' }), 'Alt ved oppstart');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'invoice-plan:save')).toEqual([
        {
          projectId: PROJECT_ID,
          version: null,
          paymentRules: [
            {
              description: 'Alt ved oppstart',
              share: { type: 'percent', basisPoints: 10_000 },
              due: { kind: 'onOrder' },
            },
          ],
          requestId: expect.any(String),
        },
      ]),
    );
    expect(await screen.findByText('Invoice plan saved')).toBeInTheDocument();
  });

  it('starts a new plan from one of the company’s payment plan templates', async () => {
    confirmations = [];
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Add own invoice plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New own invoice plan' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Start from' }));
    await user.click(await screen.findByRole('option', { name: '50/50' }));
    expect(within(dialog).getByRole('textbox', { name: 'Description 2' })).toHaveValue('Ved levering');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'invoice-plan:save')[0]).toMatchObject({
        paymentRules: TEMPLATES[0]?.paymentRules,
      }),
    );
  });

  it('shows the plan’s card with its squares, and edits it at the version read', async () => {
    confirmations = [...confirmations, PLAN];
    const user = open();
    const card = await planCard();
    expect(within(card).getByText('Own invoice plan 1 · 05.03.2026')).toBeInTheDocument();
    expect(within(card).getByText('On 30.04.2026')).toBeInTheDocument();
    // Only the plan is edited here; the order confirmation is edited in its own tab.
    expect(screen.getAllByRole('button', { name: 'Edit invoice plan' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add own invoice plan' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Edit invoice plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Own invoice plan 1' });
    const description = within(dialog).getByRole('textbox', { name: 'Description 2' });
    await user.clear(description);
    await user.type(description, 'Sluttfaktura');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'invoice-plan:save')).toEqual([
        {
          projectId: PROJECT_ID,
          version: 3,
          paymentRules: [
            {
              description: 'Oppstart',
              share: { type: 'fixed', amount: 500_00 },
              due: { kind: 'onOrder' },
            },
            {
              description: 'Sluttfaktura',
              share: { type: 'percent', basisPoints: 10_000 },
              due: { kind: 'onDate', date: '2026-04-30' },
            },
          ],
          requestId: expect.any(String),
        },
      ]),
    );
  });

  it('deletes the plan only after asking', async () => {
    confirmations = [PLAN];
    const user = open();
    await user.click(within(await planCard()).getByRole('button', { name: 'Edit invoice plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Own invoice plan 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Delete the project's own invoice plan\?/)).toBeInTheDocument();
    expect(inputsOf(requestMock, 'invoice-plan:del')).toEqual([]);
    const asked = screen.getAllByRole('dialog').at(-1) as HTMLElement;
    await user.click(within(asked).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'invoice-plan:del')).toEqual([{ id: PLAN.confirmationId, version: 3 }]),
    );
  });

  it('shows staff the plan’s squares but nothing to change it with', async () => {
    confirmations = [PLAN];
    open('office');
    const card = await planCard();
    expect(within(card).getByText('Oppstart')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit invoice plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add own invoice plan' })).toBeNull();
  });

  it('no longer offers to change a plan once a part is invoiced', async () => {
    confirmations = [{ ...PLAN, isInvoiced: true }];
    open();
    const card = await planCard();
    expect(within(card).getByText(/can no longer be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit invoice plan' })).toBeNull();
  });
});
