import type { OfferDetailDto, OfferDto, OfferStatusDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ConfirmProvider } from '@/components';
import { renderWithProviders } from '@/test/render';
import { createTestQueryClient } from '@/test/socket-mock';

/** Renders inside the app's providers, a fresh query client and a confirm host, in Mantine's test mode. */
export const renderOffers = (ui: ReactElement) => {
  const queryClient = createTestQueryClient();
  const view = renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
};

export const STATUSES: OfferStatusDto[] = [
  {
    id: '10000000-0000-7000-8000-000000000001',
    name: 'Under arbeid',
    deadlineDays: 14,
    position: 0,
    isDefault: true,
    isDeleted: false,
    isWon: false,
    isLost: false,
    likelihoodPercent: 50,
    usage: 3,
    version: 1,
  },
  {
    id: '10000000-0000-7000-8000-000000000002',
    name: 'Sendt',
    deadlineDays: 7,
    position: 1,
    isDefault: false,
    isDeleted: false,
    isWon: false,
    isLost: false,
    likelihoodPercent: 50,
    usage: 0,
    version: 1,
  },
];

export const anOffer = (overrides: Partial<OfferDto> = {}): OfferDto => ({
  id: '20000000-0000-7000-8000-000000000001',
  number: 10_042,
  statusId: STATUSES[0]?.id ?? null,
  statusChangedAt: '2026-03-02',
  statusDeadline: '2026-03-16',
  offerDeadline: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  startedAt: null,
  expectedDeliveryDate: null,
  value: 27_000_00,
  contributionMargin: 9_000_00,
  productionHours: null,
  productionStaff: null,
  installationHours: null,
  installationStaff: null,
  paymentPlan: [],
  ownerId: null,
  customerId: null,
  oneTimeCustomer: null,
  contactId: null,
  projectName: 'Skole Lørenskog',
  projectAddress: '',
  postalCode: '',
  city: '',
  projectCategory: null,
  complexity: null,
  ownerType: null,
  projectOwner: '',
  architect: '',
  consultant: '',
  calculationGroup: '',
  comment: '',
  inquiryId: null,
  inquiryNumber: null,
  projectId: null,
  projectNumber: null,
  confirmationCount: 0,
  archived: false,
  archiveReason: null,
  archivedAt: null,
  version: 1,
  updatedAt: '2026-03-02T09:00:00.000Z',
  status: { id: STATUSES[0]?.id ?? '', name: 'Under arbeid' },
  owner: null,
  customer: null,
  contact: null,
  displayedStatus: { name: 'Under arbeid', deadline: '2026-03-16' },
  ...overrides,
});

export const aDetail = (offer: OfferDto, overrides: Partial<OfferDetailDto> = {}): OfferDetailDto => ({
  offer,
  lines: [
    {
      id: '30000000-0000-7000-8000-000000000001',
      description: 'Ytterdør',
      count: 2,
      unitPrice: 15_000_00,
      discountPercent: 10,
      costPrice: 9_000_00,
      salesPrice: 27_000_00,
      vatPercent: 25,
    },
  ],
  history: [],
  isAccountingCustomerMissing: false,
  ...overrides,
});
