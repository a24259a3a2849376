import type { Actor, AppContext } from '../../platform/context';
import { loadPdfImage } from '../../platform/pdf/images';
import { openFileForDownload } from './files.service';

/**
 * A stored image (the company's logo or footer) ready for a PDF, read through the files module and
 * its company check; null when there is none, or when it cannot be read (logged, the document goes on).
 */
export const storedPdfImage = (ctx: AppContext, actor: Actor, what: string, fileId: string | null) =>
  fileId
    ? loadPdfImage(
        ctx.logger,
        what,
        async () => (await openFileForDownload(ctx, actor, { id: fileId })).stream,
      )
    : Promise.resolve(null);
