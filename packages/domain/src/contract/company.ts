import { z } from 'zod';
import { socketEvent } from './define';

export type CompanyDto = {
  id: string;
  nr: number;
  name: string;
  organisationNumber: string | null;
  logoFileId: string | null;
  footerFileId: string | null;
  /** Download links of the logo and footer images (SPEC §3 logoUrl, footerUrl). */
  logoUrl: string | null;
  footerUrl: string | null;
  serviceDepartment: string | null;
  serviceEmployeeCategory: string | null;
  version: number;
};

export const companyEvents = {
  'company:get-info': socketEvent<CompanyDto>()(z.unknown()),
};
