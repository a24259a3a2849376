import type { CompanyDto } from '@karm/domain/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DOWNLOAD_LINK_REUSE_MS } from '../download-links';
import { request } from '../socket';

/**
 * The company's logo and footer image as signed links (SPEC §7 file:get_default_file_url), for the
 * company page's preview and the header. The key names the files, so a saved or pushed change of
 * the logo fetches new links; the links are reused like any download link, well inside their life.
 */
export const getCompanyDefaultFiles = () => request('file:get_default_file_url');

export const companyDefaultFilesQueryOptions = (
  company: Pick<CompanyDto, 'id' | 'logoFileId' | 'footerFileId'> | null,
) =>
  queryOptions({
    queryKey: ['company', 'default-files', company?.id, company?.logoFileId, company?.footerFileId],
    queryFn: getCompanyDefaultFiles,
    staleTime: DOWNLOAD_LINK_REUSE_MS,
    gcTime: DOWNLOAD_LINK_REUSE_MS,
  });

/** The links, once the company is known; nothing is asked while neither image is set. */
export const useCompanyDefaultFiles = (
  company: Pick<CompanyDto, 'id' | 'logoFileId' | 'footerFileId'> | null,
) =>
  useQuery({
    ...companyDefaultFilesQueryOptions(company),
    enabled: company !== null && (company.logoFileId !== null || company.footerFileId !== null),
  });
