import { documentLabels } from '../../platform/pdf/labels';

/** The order confirmation's own words on its PDF; lines and totals use the offer's, the rest are shared. */
const NB = {
  confirmation: 'Ordrebekreftelse',
  fileName: 'ordrebekreftelse',
  confirmationNumber: 'Ordrebekreftelse nr.',
  offerNumber: 'Tilbudsnr.',
  projectNumber: 'Prosjektnr.',
  lines: 'Ordrelinjer',
  paymentPlan: 'Betalingsplan',
  share: 'Andel',
  due: 'Forfall',
  amount: 'Beløp',
  fixedAmount: 'Fast beløp',
  onOrder: 'Ved ordre',
  onDate: '{date}',
  atDelivery: 'Ved levering',
  processColumnCompleted: 'Når «{column}» er fullført',
  terms: 'Betingelser',
} as const;

const EN = {
  confirmation: 'Order confirmation',
  fileName: 'order-confirmation',
  confirmationNumber: 'Order confirmation no.',
  offerNumber: 'Offer no.',
  projectNumber: 'Project no.',
  lines: 'Order lines',
  paymentPlan: 'Payment plan',
  share: 'Share',
  due: 'Due',
  amount: 'Amount',
  fixedAmount: 'Fixed amount',
  onOrder: 'On order',
  onDate: '{date}',
  atDelivery: 'At delivery',
  processColumnCompleted: 'When “{column}” is completed',
  terms: 'Terms',
} as const satisfies Record<keyof typeof NB, string>;

export const confirmationPdfLabels = documentLabels<keyof typeof NB>(NB, EN);
