import { formatNok } from '@karm/domain/rules';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { OfferPrintSheet } from './offer-print-sheet';
import { aDetail, anOffer, renderOffers } from './offers-testing';

vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
const httpMock = vi.mocked(http);

const sheetAt = (address: string) =>
  renderOffers(<OfferPrintSheet search={new URL(address, 'http://karm.test').searchParams} />);
/** The page's text is matched with its spaces made plain, the thousands separator too. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('OfferPrintSheet', { timeout: 30_000 }, () => {
  beforeEach(() => {
    queryClient.clear();
    httpMock.mockReset();
  });

  it('prints the offer: its fields, lines, totals with VAT and payment plan', async () => {
    const offer = anOffer({
      projectName: 'Rådhuset',
      customer: { id: '10000000-0000-7000-8000-000000000001', name: 'Fjord Bygg AS', customerNumber: 10_001 },
      offerDeadline: '2026-04-01',
      comment: 'Befaring avtalt',
      paymentPlan: [
        { description: 'Ved bestilling', percent: 40 },
        { description: 'Ved levering', percent: 60 },
      ],
    });
    httpMock.mockResolvedValue(aDetail(offer));

    sheetAt(`/print?sheet=offer&id=${offer.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Offer 10042 – Rådhuset' })).toBeVisible();
    expect(httpMock).toHaveBeenCalledWith(`/offers/${offer.id}`);
    expect(screen.getByText('Fjord Bygg AS')).toBeVisible();
    expect(screen.getByText('01.04.2026')).toBeVisible();
    expect(screen.getByText('Befaring avtalt')).toBeVisible();
    const lines = screen.getByRole('heading', { name: 'Lines' }).closest('section')!;
    const line = within(lines).getByRole('row', { name: /Ytterdør/ });
    expect(
      within(line)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ytterdør', '2', formatNok(15_000_00), '10 %', '25 %', formatNok(27_000_00)]);
    expect(within(lines).getByText(plain(`VAT 25 %: ${formatNok(6_750_00)}`))).toBeVisible();
    expect(within(lines).getByText(plain(`Total incl. VAT: ${formatNok(33_750_00)}`))).toBeVisible();
    const plan = screen.getByRole('heading', { name: 'Payment plan' }).closest('section')!;
    expect(
      within(within(plan).getByRole('row', { name: /Ved levering/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ved levering', '60 %', formatNok(16_200_00)]);
  });

  it('says so when the address names no offer, and asks nothing', async () => {
    sheetAt('/print?sheet=offer');
    expect(await screen.findByText('The address names no offer to print.')).toBeVisible();
    expect(httpMock).not.toHaveBeenCalled();
  });
});
