import sanitizeHtml from 'sanitize-html';
import { SAFE_HTML } from './markdown';

/**
 * Rich text written in the browser's editor (a procedure's text), kept to what the Markdown help
 * texts may hold plus underline and paragraph alignment: nothing that runs, loads or styles anything.
 */
const SAFE_RICH_TEXT: sanitizeHtml.IOptions = {
  ...SAFE_HTML,
  allowedTags: [...(SAFE_HTML.allowedTags || []), 'u'],
};

/** HTML that is safe to put into a page as it is. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, SAFE_RICH_TEXT).trim();

/** The words of sanitised HTML, to tell an empty text (`<p></p>`) from a real one. */
export const richTextWords = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim();
