import { createRequire } from 'node:module';
import path from 'node:path';
import type { Margins, TDocumentDefinitions } from 'pdfmake';

/** A4 in points (SPEC §9: "PDF layouts are A4 in points"); 72 points to the inch. */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** Left, top, right, bottom in points: room for the logo above, the footer image and contact line below. */
export const PAGE_MARGINS: [number, number, number, number] = [42, 96, 42, 84];

/** The width content may use between the side margins. */
export const CONTENT_WIDTH = A4.width - PAGE_MARGINS[0] - PAGE_MARGINS[2];

export const PDF_FONT = 'Roboto';
export const BASE_FONT_SIZE = 10;

// Roboto ships with pdfmake as TTF files (its build/vfs_fonts holds the same fonts, base64-encoded for
// browsers). It covers æ ø å and the other Latin-1 letters; nothing is ever downloaded.
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);

type Pdfmake = typeof import('pdfmake').default;
let pdfmakeLoading: Promise<Pdfmake> | undefined;

/**
 * pdfmake (with pdfkit and fontkit) takes about a quarter of a second to load: it is loaded with the
 * first document instead of at every start of the server, and set up once.
 */
export const loadPdfmake = () => {
  pdfmakeLoading ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.setFonts({
      [PDF_FONT]: {
        normal: path.join(FONT_DIR, 'Roboto-Regular.ttf'),
        bold: path.join(FONT_DIR, 'Roboto-Medium.ttf'),
        italics: path.join(FONT_DIR, 'Roboto-Italic.ttf'),
        bolditalics: path.join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
      },
    });
    // Documents are built from company data: no URL is fetched, and only the font files are read from
    // disk. Images arrive as data URLs made from stored files (see images.ts).
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONT_DIR + path.sep));
    return pdfmake;
  });
  return pdfmakeLoading;
};

/**
 * Renders a pdfmake document definition to PDF bytes: A4 portrait, the standard margins and the
 * embedded font unless the definition says otherwise.
 */
export const renderPdf = async (docDefinition: TDocumentDefinitions): Promise<Buffer> =>
  (await loadPdfmake())
    .createPdf({
      pageSize: 'A4',
      pageOrientation: 'portrait',
      pageMargins: PAGE_MARGINS satisfies Margins,
      ...docDefinition,
      defaultStyle: {
        font: PDF_FONT,
        fontSize: BASE_FONT_SIZE,
        lineHeight: 1.15,
        ...docDefinition.defaultStyle,
      },
    })
    .getBuffer();
