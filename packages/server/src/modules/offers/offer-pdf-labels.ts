import { documentLabels } from '../../platform/pdf/labels';

/** The offer's own words on its PDF; shared ones (customer, address …) come from platform/pdf labels. */
const NB = {
  offer: 'Tilbud',
  offerFileName: 'tilbud',
  offerNumber: 'Tilbudsnr.',
  offerDate: 'Tilbudsdato',
  salesperson: 'Selger',
  unitPrice: 'Enhetspris',
  discount: 'Rabatt',
  lineTotal: 'Sum',
  lines: 'Tilbudslinjer',
  noLines: 'Ingen linjer',
  totalExVat: 'Sum eks. mva.',
  vat: 'Mva. {percent} %',
  totalIncVat: 'Sum inkl. mva.',
  validUntil: 'Tilbudet er gyldig til {date}.',
  paymentPlan: 'Betalingsplan',
  comment: 'Kommentar',
} as const;

const EN = {
  offer: 'Offer',
  offerFileName: 'offer',
  offerNumber: 'Offer no.',
  offerDate: 'Offer date',
  salesperson: 'Salesperson',
  unitPrice: 'Unit price',
  discount: 'Discount',
  lineTotal: 'Total',
  lines: 'Offer lines',
  noLines: 'No lines',
  totalExVat: 'Total excl. VAT',
  vat: 'VAT {percent} %',
  totalIncVat: 'Total incl. VAT',
  validUntil: 'This offer is valid until {date}.',
  paymentPlan: 'Payment plan',
  comment: 'Comment',
} as const satisfies Record<keyof typeof NB, string>;

export type OfferPdfLabelKey = keyof typeof NB;

export const offerPdfLabels = documentLabels(NB, EN);
