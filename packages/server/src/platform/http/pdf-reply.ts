import type { FastifyReply } from 'fastify';
import { fileAnswer } from './routes';

/** What a route that answers with `sendPdf` says in the OpenAPI document. */
export const PDF_ANSWER = fileAnswer('application/pdf');

/** Sends a rendered PDF: shown in the browser, or as a download; never cached by a shared cache. */
export const sendPdf = (
  reply: FastifyReply,
  { fileName, bytes }: { fileName: string; bytes: Buffer },
  isDownload = false,
) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-length', bytes.length)
    .header('content-disposition', `${isDownload ? 'attachment' : 'inline'}; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
