import type { ContactDto, CustomerDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { nextTestId, serialOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { createTestQueryClient } from '@/test/socket-mock';
import { ConfirmProvider } from '../confirm-action/confirm-provider';

export { answer, eventsOf, inputsOf } from '@/test/socket-mock';

/**
 * Test helpers for the customer dialogs and page. Each test file mocks `@/lib/socket` itself
 * (vi.mock is hoisted per file) and hands the mocked `request` to `answer`.
 */

export const renderWithQuery = (ui: ReactElement) => {
  const queryClient = createTestQueryClient();
  // Mantine's test mode: jsdom has no layout, so dropdowns would count as detached and stay hidden.
  const view = renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ConfirmProvider>{ui}</ConfirmProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
};

const EMPTY_ADDRESS = { addressLine1: '', addressLine2: '', postalCode: '', city: '', countryCode: 'NO' };

export const aCustomer = (overrides: Partial<CustomerDto> = {}): CustomerDto => {
  const id = nextTestId('00000000');
  const postalAddress = overrides.postalAddress ?? {
    ...EMPTY_ADDRESS,
    addressLine1: 'Storgata 1',
    postalCode: '0150',
    city: 'Oslo',
  };
  return {
    id,
    source: 'local',
    customerNumber: 10_000 + serialOf(id),
    name: `Kunde ${serialOf(id)} AS`,
    organizationNumber: '923609016',
    orgnr: '923609016',
    address: postalAddress.addressLine1,
    city: postalAddress.city,
    postalCode: postalAddress.postalCode,
    isPrivateIndividual: false,
    email: 'post@kunde.no',
    invoiceEmail: '',
    phoneNumber: '22 00 00 00',
    phoneNumberMobile: '',
    invoiceSendMethod: 'EMAIL',
    isSupplier: false,
    supplierNumber: null,
    postalAddress,
    physicalAddress: null,
    category: 'company',
    creditScore: null,
    paymentTermId: null,
    paymentTerm: { paymentTermId: 't-14', name: '14 dager', daysUntilDue: 14, source: 'company' },
    accountingId: null,
    syncStatus: 'local',
    syncError: null,
    isInactive: false,
    archive: null,
    version: 1,
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
};

export const aContact = (
  customer: Pick<CustomerDto, 'id' | 'name'>,
  overrides: Partial<ContactDto> = {},
): ContactDto => ({
  id: nextTestId('10000000'),
  customerId: customer.id,
  customer: { id: customer.id, name: customer.name },
  firstName: 'Ola',
  lastName: 'Nordmann',
  displayName: 'Ola Nordmann',
  orgnr: '',
  email: 'ola@kunde.no',
  phoneNumberMobile: '900 00 000',
  phoneNumber: '',
  address: '',
  city: '',
  postalCode: '',
  syncStatus: 'local',
  version: 1,
  ...overrides,
});

export { aPage } from '@/test/fixtures';
