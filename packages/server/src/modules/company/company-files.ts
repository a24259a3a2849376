import type { CompanyDefaultFilesDto, CompanyDto, DownloadLinkDto, FileType } from '@karm/domain/contract';
import type { Actor, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { PdfImage } from '../../platform/pdf/images';
import { makeDownloadLink } from '../files/download-links.service';
import { storedPdfImage } from '../files/pdf-images';
import { findCompanyRow, getCompanyInfo } from './company.service';

const linkTo = async (
  ctx: AppContext,
  actor: Actor,
  type: Extract<FileType, 'logo' | 'footer'>,
  fileId: string | null,
): Promise<DownloadLinkDto | null> => {
  if (!fileId) return null;
  try {
    return await makeDownloadLink(ctx, actor, { kind: 'file', id: fileId, type });
  } catch (error) {
    // A file that is gone is no image to show, not a failure of the whole answer.
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
};

/**
 * SPEC §7 file:get_default_file_url: the company's logo and footer image as signed links that
 * work for a few minutes without a session (the same links POST /api/download-links makes), or null.
 */
export const companyDefaultFiles = async (ctx: AppContext, actor: Actor): Promise<CompanyDefaultFilesDto> => {
  const company = await findCompanyRow(ctx.db, actor.companyId);
  const [logo, footer] = await Promise.all([
    linkTo(ctx, actor, 'logo', company.logoFileId),
    linkTo(ctx, actor, 'footer', company.footerFileId),
  ]);
  return { logo, footer };
};

/**
 * What a business document prints of the company: its details and the logo and footer images,
 * read afresh for every document (no cache), so a saved change shows on the next PDF.
 */
export const companyForPdf = async (
  ctx: AppContext,
  actor: Actor,
): Promise<{ company: CompanyDto; logo: PdfImage | null; footer: PdfImage | null }> => {
  const company = await getCompanyInfo(ctx, actor);
  const [logo, footer] = await Promise.all([
    storedPdfImage(ctx, actor, 'logo', company.logoFileId),
    storedPdfImage(ctx, actor, 'footer', company.footerFileId),
  ]);
  return { company, logo, footer };
};
