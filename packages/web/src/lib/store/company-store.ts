import type { CompanyDto } from '@karm/domain/contract';
import { createPersistedStore } from './persisted';

type CompanyState = { company: CompanyDto | null; setCompany: (company: CompanyDto | null) => void };

export const useCompanyStore = createPersistedStore<CompanyState>('company', (set) => ({
  company: null,
  setCompany: (company) => set({ company }),
}));
