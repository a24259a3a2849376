import { Readable } from 'node:stream';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging';
import { fieldList, signatureLines } from './blocks';
import { formatPdfDate, formatPdfMoney, formatPdfNumber } from './format';
import { framedDocument, type PdfFrame } from './frame';
import { loadPdfImage } from './images';
import { pdfLabel } from './labels';
import { A4, renderPdf } from './render';
import { pdfImageSizes, pdfInfo, pdfPages, pdfText, solidPng } from './testing';

const frame = (overrides: Partial<PdfFrame> = {}): PdfFrame => ({
  locale: 'nb',
  title: 'Prøvedokument',
  company: {
    name: 'Dør & Vindu Ålesund AS',
    organisationNumber: '923609016',
    isVatRegistered: true,
    address: 'Kongens gate 2',
    postalCode: '6002',
    city: 'Ålesund',
    phone: '70 10 20 30',
    email: 'post@dorvindu.no',
    web: 'https://dorvindu.no',
    bankAccount: '1234.56.78903',
  },
  logo: null,
  footer: null,
  date: '2026-12-24',
  createdAt: new Date('2026-12-24T08:00:00Z'),
  ...overrides,
});

const silentLogger = () => {
  const logger = createLogger('silent');
  const warn = vi.spyOn(logger, 'warn');
  return { logger, warn };
};

describe('renderPdf', () => {
  it('makes A4 pages in points with an embedded font that prints æ ø å exactly', async () => {
    const bytes = await renderPdf({ content: ['Blåbærsyltetøy på Ærøy: ÆØÅ æøå'] });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await getDocumentProxy(new Uint8Array(bytes));
    const page = await document.getPage(1);
    expect(page.view.map((value) => Math.round(value * 100) / 100)).toEqual([0, 0, A4.width, A4.height]);
    await document.destroy();
    expect(await pdfText(bytes)).toContain('Blåbærsyltetøy på Ærøy: ÆØÅ æøå');
  });
});

describe('framedDocument', () => {
  it('numbers pages "Side 1 av 2" in Norwegian and shows the company, its address, org.nr and date', async () => {
    const bytes = await renderPdf(
      framedDocument(frame(), ['Første side', { text: 'Andre side', pageBreak: 'before' }]),
    );
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Side 1 av 2');
    expect(pages[1]).toContain('Side 2 av 2');
    expect(pages[0]).toContain('Dør & Vindu Ålesund AS');
    expect(pages[0]).toContain('Kongens gate 2, 6002 Ålesund');
    expect(pages[0]).toContain('Org.nr. 923 609 016 MVA');
    expect(pages[0]).toContain('Dato: 24.12.2026');
    // The foot of every page: phone, e-mail, web and bank account.
    for (const page of pages) {
      expect(page).toContain('Tlf. 70 10 20 30');
      expect(page).toContain('post@dorvindu.no');
      expect(page).toContain('https://dorvindu.no');
      expect(page).toContain('Bankkonto 1234.56.78903');
    }
    expect(await pdfInfo(bytes)).toMatchObject({ Title: 'Prøvedokument', Author: 'Dør & Vindu Ålesund AS' });
  });

  it('says "Page 1 of 1" in English, and leaves "MVA" out for a company not registered for VAT', async () => {
    const base = frame().company;
    const text = await pdfText(
      await renderPdf(
        framedDocument(frame({ locale: 'en', company: { ...base, isVatRegistered: false } }), ['Hei']),
      ),
    );
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Date: 24.12.2026');
    expect(text).toContain('Org. no. 923 609 016');
    expect(text).not.toContain('MVA');
    expect(text).toContain('Tel. 70 10 20 30');
    expect(text).toContain('Bank account 1234.56.78903');
  });

  it('names the company in the foot when it has no contact details', async () => {
    const company = {
      ...frame().company,
      address: '',
      postalCode: '',
      city: '',
      phone: '',
      email: '',
      web: '',
      bankAccount: '',
    };
    const text = await pdfText(await renderPdf(framedDocument(frame({ company }), ['Hei'])));
    expect(text).toContain('Dør & Vindu Ålesund AS · Org.nr. 923 609 016 MVA');
  });

  it('places a logo and a footer image; the company name moves beside the logo', async () => {
    const { logger, warn } = silentLogger();
    const logo = await loadPdfImage(logger, 'logo', async () => solidPng(120, 40, [20, 60, 140]));
    const footer = await loadPdfImage(logger, 'footer', async () =>
      Readable.from([solidPng(400, 30, [200, 200, 200])]),
    );
    expect(logo).toMatch(/^data:image\/png;base64,/);
    expect(footer).toMatch(/^data:image\/png;base64,/);
    expect(warn).not.toHaveBeenCalled();
    const bytes = await renderPdf(framedDocument(frame({ logo, footer }), ['Med bilder']));
    const text = await pdfText(bytes);
    expect(text).toContain('Dør & Vindu Ålesund AS');
    expect(text).toContain('Side 1 av 1');
    // Under the footer image the contact line stays.
    expect(text).toContain('Bankkonto 1234.56.78903');
    expect(await pdfImageSizes(bytes)).toEqual([
      [120, 40],
      [400, 30],
    ]);
  });
});

describe('loadPdfImage', () => {
  it('logs a warning and answers null for an image pdfmake cannot add, so the PDF is still made', async () => {
    const { logger, warn } = silentLogger();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const brokenPng = solidPng(4, 4, [0, 0, 0]).subarray(0, 40);
    expect(await loadPdfImage(logger, 'logo', async () => gif)).toBeNull();
    expect(await loadPdfImage(logger, 'logo', async () => brokenPng)).toBeNull();
    expect(
      await loadPdfImage(logger, 'footer', async () => {
        throw new Error('File not found');
      }),
    ).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[1]).toBe('Failed to add the logo image to the PDF');
    expect(await pdfText(await renderPdf(framedDocument(frame({ logo: null }), ['Uten logo'])))).toContain(
      'Uten logo',
    );
  });
});

describe('formatting and labels', () => {
  it('formats dates dd.MM.yyyy, NOK the Norwegian way and counts per language', () => {
    expect(formatPdfDate('2026-12-24')).toBe('24.12.2026');
    expect(formatPdfDate(null, '–')).toBe('–');
    expect(formatPdfMoney(123_456_50)).toBe('123\u00a0456,50\u00a0kr');
    expect(formatPdfNumber(2, 'nb')).toBe('2');
    expect(formatPdfNumber(1.5, 'nb')).toBe('1,5');
    expect(formatPdfNumber(1.5, 'en')).toBe('1.5');
    expect(formatPdfNumber(12_345.678, 'nb')).toBe('12\u00a0345,68');
    expect(pdfLabel('nb', 'pageOf', { page: 1, pages: 2 })).toBe('Side 1 av 2');
    expect(pdfLabel('en', 'pageOf', { page: 1, pages: 2 })).toBe('Page 1 of 2');
  });

  it('renders the shared blocks', async () => {
    const text = await pdfText(
      await renderPdf({
        content: [
          fieldList([
            ['Kunde', 'Ærlige Dører AS'],
            ['Telefon', ''],
          ]),
          signatureLines(['Signatur']),
        ],
      }),
    );
    expect(text).toContain('Ærlige Dører AS');
    expect(text).toContain('–');
    expect(text).toContain('Signatur');
  });
});
