import type {
  ConfirmationDto,
  PaymentRule,
  PaymentRuleTemplateDto,
  ProcessColumnDto,
} from '@karm/domain/contract';
import { formatNok as formatNokExactly } from '@karm/domain/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from '@/lib/http';
import { request } from '@/lib/socket';
import { renderScreen } from '@/test/render';
import { answer } from '@/test/socket-mock';
import { ConfirmationsPanel } from './confirmations-panel';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
const httpMock = vi.mocked(http);
/** As testing-library reads the page: the no-break spaces of an amount as plain spaces. */
const formatNok = (ore: number) => formatNokExactly(ore).replace(/\u00a0/g, ' ');
const requestMock = vi.mocked(request);

const OFFER_ID = '20000000-0000-7000-8000-000000000001';
const PRODUCTION = '50000000-0000-7000-8000-000000000001';
const INSTALLATION = '50000000-0000-7000-8000-000000000002';
/** 1 000,01 kr ex. VAT: 1 250,01 kr with VAT, which 30 / 60 / 10 cannot split without rounding. */
const TOTAL_EX_VAT = 1_000_01;
const TOTAL = 1_250_01;

const column = (id: string, nameEn: string, invoice: boolean, position: number): ProcessColumnDto => ({
  id,
  key: `PID${position}`,
  nameNo: nameEn,
  nameEn,
  factor: 8,
  min: 1,
  max: 2,
  type: 'completed',
  color: '#4c6ef5',
  status: '',
  invoice,
  position,
  subProcesses: [],
});

const percent = (description: string, basisPoints: number, due: PaymentRule['due']): PaymentRule => ({
  description,
  share: { type: 'percent', basisPoints },
  due,
});

const TEMPLATES: PaymentRuleTemplateDto[] = [
  { id: 't1', name: '100 % on order', paymentRules: [percent('On order', 10_000, { kind: 'onOrder' })] },
  {
    id: 't2',
    name: '30 / 60 / 10',
    paymentRules: [
      percent('On order', 3_000, { kind: 'onOrder' }),
      percent('At delivery', 6_000, { kind: 'atDelivery' }),
      percent('Installed', 1_000, { kind: 'processColumnCompleted', columnId: INSTALLATION }),
    ],
  },
];

const aConfirmation = (overrides: Partial<ConfirmationDto> = {}): ConfirmationDto => ({
  id: '70000000-0000-7000-8000-000000000007',
  entityType: 'offer',
  entityId: OFFER_ID,
  offerId: OFFER_ID,
  number: 7,
  date: '2026-03-02',
  customerId: null,
  customerName: 'Skole AS',
  contactId: null,
  lines: [],
  totalExVat: TOTAL_EX_VAT,
  vat: TOTAL - TOTAL_EX_VAT,
  total: TOTAL,
  terms: '',
  paymentRules: [
    { ...percent('On order', 5_000, { kind: 'onOrder' }), id: 'r1', amount: 62_500, invoiceId: null },
    {
      ...percent('Installed', 5_000, { kind: 'processColumnCompleted', columnId: INSTALLATION }),
      id: 'r2',
      amount: 62_501,
      invoiceId: null,
    },
  ],
  isInvoiced: false,
  version: 1,
  createdAt: '2026-03-02T09:00:00.000Z',
  createdBy: null,
  updatedAt: '2026-03-02T09:00:00.000Z',
  ...overrides,
});

let list: ConfirmationDto[];
let refuseDelete: boolean;
const calls: { path: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  list = [];
  refuseDelete = false;
  answer(requestMock, {
    'process-columns:get': () => [
      column(PRODUCTION, 'Production', false, 1),
      column(INSTALLATION, 'Installation', true, 2),
    ],
  });
  httpMock.mockImplementation((async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const method = options.method ?? 'GET';
    calls.push({ path, method, body: options.body });
    if (path === `/confirmations/offer/${OFFER_ID}`) return list;
    if (path === '/confirmations/payment_rules') return TEMPLATES;
    if (path === '/confirmations' && method === 'POST') return aConfirmation({ number: 8 });
    if (path.startsWith('/confirmations/') && method === 'DELETE') {
      if (refuseDelete)
        throw new ApiError({
          code: 'CONFLICT',
          message: 'invoiced',
          messageKey: 'validation.confirmationInvoiced',
        });
      return { id: path.split('/')[2] };
    }
    throw new Error(`No mock for ${method} ${path}`);
  }) as typeof http);
});

const render = (readOnly = false) => {
  renderScreen(
    <ConfirmationsPanel
      entityType="offer"
      entityId={OFFER_ID}
      readOnly={readOnly}
      totalExVat={TOTAL_EX_VAT}
    />,
  );
  return userEvent.setup({ delay: null });
};

const startNew = async (user: ReturnType<typeof userEvent.setup>, template: string) => {
  await user.click(await screen.findByRole('button', { name: 'New order confirmation' }));
  const dialog = await screen.findByRole('dialog', { name: 'New order confirmation' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Start from' }));
  await user.click(await screen.findByRole('option', { name: template }));
  return dialog;
};

const amountOf = (dialog: HTMLElement, part: number) =>
  dialog.querySelector(`[data-part-amount="${part}"]`)?.textContent?.replace(/\u00a0/g, ' ');

const posted = () =>
  calls.find((call) => call.path === '/confirmations' && call.method === 'POST')?.body as
    | { requestId: string; paymentRules: PaymentRule[] }
    | undefined;

describe('ConfirmationsPanel', () => {
  it('makes a confirmation from the 30 / 60 / 10 template, showing the split to the øre first', async () => {
    const user = render();
    const dialog = await startNew(user, '30 / 60 / 10');
    // 30 % and 60 % are rounded down; the last part takes the øre left over.
    expect(amountOf(dialog, 1)).toBe(formatNok(37_500));
    expect(amountOf(dialog, 2)).toBe(formatNok(75_000));
    expect(amountOf(dialog, 3)).toBe(formatNok(12_501));
    expect(within(dialog).getByText(`The parts add up to ${formatNok(TOTAL)}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Order confirmation 8 created')).toBeInTheDocument();
    const body = posted();
    expect(body?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body?.paymentRules.map((rule) => rule.share)).toEqual([
      { type: 'percent', basisPoints: 3_000 },
      { type: 'percent', basisPoints: 6_000 },
      { type: 'percent', basisPoints: 1_000 },
    ]);
  });

  it('refuses a plan whose percentages come to less than 100 % before saving', async () => {
    const user = render();
    const dialog = await startNew(user, '30 / 60 / 10');
    const third = within(dialog).getByRole('textbox', { name: 'Percent 3' });
    await user.clear(third);
    await user.type(third, '5');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The payment plan percentages must add up to 100 %',
    );
    expect(amountOf(dialog, 1)).toBe('–');
    await user.click(within(dialog).getByRole('button', { name: /save/i }));
    expect(posted()).toBeUndefined();
  });

  it('takes a fixed amount first and shares the rest by percent', async () => {
    const user = render();
    const dialog = await startNew(user, '100 % on order');
    await user.click(within(dialog).getByRole('button', { name: 'Add part' }));
    const second = dialog.querySelector('[data-payment-rule="2"]') as HTMLElement;
    await user.click(within(second).getByText('kr'));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount 2' });
    await user.clear(amount);
    await user.type(amount, '250,00');
    expect(amountOf(dialog, 2)).toBe(formatNok(25_000));
    expect(amountOf(dialog, 1)).toBe(formatNok(TOTAL - 25_000));
    await user.click(within(dialog).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()?.paymentRules[1]?.share).toEqual({ type: 'fixed', amount: 25_000 });
  });

  it('lets a part fall due when a process column with the invoice flag is completed', async () => {
    const user = render();
    const dialog = await startNew(user, '100 % on order');
    await user.click(within(dialog).getByRole('combobox', { name: 'Due 1' }));
    await user.click(await screen.findByRole('option', { name: 'Process column completed' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Process column 1' }));
    // Only the columns with the invoice flag are offered.
    expect(await screen.findByRole('option', { name: 'Installation' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Production' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Installation' }));
    await user.click(within(dialog).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()?.paymentRules[0]?.due).toEqual({
      kind: 'processColumnCompleted',
      columnId: INSTALLATION,
    });
  });

  it('lists a confirmation with its totals and parts, and asks before deleting it', async () => {
    list = [aConfirmation()];
    refuseDelete = true;
    const user = render();
    const card = (await screen.findByText('Order confirmation 7')).closest(
      '[data-confirmation]',
    ) as HTMLElement;
    expect(within(card).getByText('When “Installation” is completed')).toBeInTheDocument();
    expect(within(card).getByText(formatNok(62_501))).toBeInTheDocument();
    expect(within(card).getByText(`Total: ${formatNok(TOTAL)}`)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Order confirmation 7 will be deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete order confirmation?' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    // The server refuses once a part is invoiced: its message is shown.
    expect(
      await screen.findByText(
        'Part of this order confirmation has been invoiced: it can no longer be changed or deleted',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('only shows the confirmations to someone who may not change them', async () => {
    list = [aConfirmation({ isInvoiced: true })];
    const user = render(true);
    const card = (await screen.findByText('Order confirmation 7')).closest(
      '[data-confirmation]',
    ) as HTMLElement;
    expect(within(card).getByText('Invoiced')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New order confirmation' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Refresh lines' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order confirmation 7' });
    expect(within(dialog).queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Description 1' })).toBeDisabled();
    // Read-only needs no templates.
    expect(calls.some((call) => call.path === '/confirmations/payment_rules')).toBe(false);
  });
});
