import { and, eq, inArray } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import { loadPdfImage, loadPdfThumbnail, type PdfImage } from '../../platform/pdf/images';
import { openFileForDownload } from './files.service';
import { files } from './files.tables';

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

/** Pictures read at once: enough to keep sharp's threads busy, few enough to bound memory. */
const PICTURES_AT_ONCE = 4;

/**
 * Photos (service answers', checklist items') as PDF thumbnails, by file id — the one place every
 * document with a picture grid loads them. Only the company's pictures are read (the caller has
 * checked the actor may read the record they belong to); each is made from its small stored copy
 * when it has one. A picture that is missing or cannot be read maps to null with a logged warning
 * (SPEC §8), so the document is made without it.
 */
export const storedPdfPictures = async (
  ctx: AppContext,
  companyId: string,
  fileIds: readonly string[],
): Promise<Map<string, PdfImage | null>> => {
  const unique = [...new Set(fileIds)];
  const rows =
    unique.length === 0
      ? []
      : await ctx.db
          .select({ id: files.id, storageKey: files.storageKey, thumbnailKey: files.thumbnailKey })
          .from(files)
          .where(
            and(
              eq(files.companyId, companyId),
              inArray(files.id, unique),
              inArray(files.type, ['service-picture', 'picture']),
            ),
          );
  const stored = new Map(rows.map((row) => [row.id, row]));
  const pictures = new Map<string, PdfImage | null>();
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const id = unique[next++] as string;
      const row = stored.get(id);
      pictures.set(
        id,
        await loadPdfThumbnail(ctx.logger, `picture ${id}`, async () => {
          if (!row) throw new Error('File not found');
          return ctx.files.open(row.thumbnailKey ?? row.storageKey);
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(PICTURES_AT_ONCE, unique.length) }, worker));
  return pictures;
};
