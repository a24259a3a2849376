import type { ProcessColumnDto, ProcessEntryDto, ProjectDto } from '@karm/domain/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ConfirmProvider } from '@/components';
import { renderWithProviders } from '@/test/render';
import { createTestQueryClient } from '@/test/socket-mock';

export { answer, eventsOf, inputsOf } from '@/test/socket-mock';

/**
 * Test helpers for the process grid and the process column admin. Each test file mocks `@/lib/socket`
 * itself (vi.mock is hoisted per file) and hands the mocked `request` to `answer`.
 */

/** Renders inside the app's providers, Mantine's test mode, a fresh query client and a confirm host. */
export const renderProcesses = (ui: ReactElement) => {
  const queryClient = createTestQueryClient();
  // Mantine's test mode: no transitions, and dropdowns are not hidden for lack of layout.
  const view = renderWithProviders(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
};

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-0000-7000-8000-${String(sequence).padStart(12, '0')}`;
};

export const aColumn = (overrides: Partial<ProcessColumnDto> = {}): ProcessColumnDto => ({
  id: nextId('20000000'),
  key: `PID${sequence}`,
  nameNo: 'Tegning',
  nameEn: 'Drawings',
  factor: 8,
  min: 1,
  max: 2,
  type: 'completed',
  color: '#4c6ef5',
  status: '',
  invoice: false,
  position: 1,
  subProcesses: [],
  ...overrides,
});

export const aProject = (overrides: Partial<ProjectDto> = {}): ProjectDto => ({
  id: nextId('30000000'),
  number: 1000 + sequence,
  name: `Prosjekt ${sequence}`,
  description: '',
  state: 'active',
  department: null,
  customer: null,
  contact: null,
  projectManager: { id: nextId('40000000'), displayName: 'Per Prosjektleder' },
  startDate: null,
  endDate: null,
  deliveryDate: null,
  agreedInstallationDate: null,
  isClosed: false,
  isDirect: false,
  isService: false,
  projectAddress: '',
  projectPostalCode: '',
  projectCity: '',
  noteToPlanner: '',
  workOrderNotes: '',
  siteContactName: '',
  siteContactPhone: '',
  productionHours: null,
  installationHours: null,
  installationStaff: null,
  missingData: false,
  missingDataComment: '',
  serviceReportCount: 0,
  projectValue: 0,
  archiveReason: null,
  offerId: null,
  version: 1,
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

export const anEntry = (
  project: Pick<ProjectDto, 'id'>,
  column: Pick<ProcessColumnDto, 'id'>,
  overrides: Partial<ProcessEntryDto> = {},
): ProcessEntryDto => ({
  id: nextId('50000000'),
  projectId: project.id,
  processColumnId: column.id,
  date: null,
  isActive: true,
  noteDates: {},
  comment: '',
  version: 1,
  ...overrides,
});

export const aPage = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 20 });
