import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * What rendered Markdown may keep: text structure, lists, tables, code and links — nothing that runs,
 * loads or styles anything (no script, style, iframe, img, form, event handler or style attribute).
 */
export const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    's',
    'code',
    'pre',
    'kbd',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  // Web and mail links, and Karm's own pages (`/projects`); never javascript:, data: or //elsewhere.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opens in a tab of its own and tells the page it opens nothing about Karm.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
};

// One instance of our own: options set on the shared `marked` would leak to anyone else using it.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown as HTML that is safe to put into a page as it is (raw HTML in the Markdown is sanitised too). */
export const renderSafeMarkdown = (source: string): string =>
  sanitizeHtml(markdown.parse(source, { async: false }), SAFE_HTML).trim();
