import type { Locale } from '@karm/domain/i18n';

/**
 * The words printed on PDFs, in both languages. PDFs are made on the server, so unlike the rest of
 * the interface (translated on the client from codes) their labels live here. Documents add their
 * keys to both maps; the `satisfies` checks keep the two maps' keys the same.
 */
export type PdfLocale = Locale;

const NB = {
  // Frame
  pageOf: 'Side {page} av {pages}',
  date: 'Dato',
  organisationNumber: 'Org.nr.',
  vatRegistered: 'MVA',
  phoneShort: 'Tlf.',
  bankAccount: 'Bankkonto',
  // Shared business words
  name: 'Navn',
  address: 'Adresse',
  project: 'Prosjekt',
  projectNumber: 'Prosjektnr.',
  projectManager: 'Prosjektleder',
  customer: 'Kunde',
  customerNumber: 'Kundenr.',
  contact: 'Kontaktperson',
  phone: 'Telefon',
  email: 'E-post',
  projectAddress: 'Prosjektadresse',
  deliveryDate: 'Leveringsdato',
  agreedInstallationDate: 'Avtalt montasjedato',
  site: 'Byggeplass',
  siteContact: 'Kontakt på byggeplass',
  description: 'Beskrivelse',
  count: 'Antall',
  // Work order
  workOrder: 'Arbeidsordre',
  workOrderFileName: 'arbeidsordre',
  orderLines: 'Ordrelinjer',
  noOrderLines: 'Ingen ordrelinjer',
  notesForInstallers: 'Notater til montør',
  noteToPlanner: 'Notat til planlegger',
  signatures: 'Signaturer',
  completedDate: 'Utført dato',
  installerSignature: 'Montørens signatur',
  customerSignature: 'Kundens signatur',
} as const;

type PdfLabelKey = keyof typeof NB;

const EN = {
  pageOf: 'Page {page} of {pages}',
  date: 'Date',
  organisationNumber: 'Org. no.',
  // Norwegian law and the VAT register write "MVA" after the number, whatever the document's language.
  vatRegistered: 'MVA',
  phoneShort: 'Tel.',
  bankAccount: 'Bank account',
  name: 'Name',
  address: 'Address',
  project: 'Project',
  projectNumber: 'Project no.',
  projectManager: 'Project manager',
  customer: 'Customer',
  customerNumber: 'Customer no.',
  contact: 'Contact person',
  phone: 'Phone',
  email: 'E-mail',
  projectAddress: 'Project address',
  deliveryDate: 'Delivery date',
  agreedInstallationDate: 'Agreed installation date',
  site: 'Site',
  siteContact: 'Site contact',
  description: 'Description',
  count: 'Count',
  workOrder: 'Work order',
  workOrderFileName: 'work-order',
  orderLines: 'Order lines',
  noOrderLines: 'No order lines',
  notesForInstallers: 'Notes for the installers',
  noteToPlanner: 'Note to planner',
  signatures: 'Signatures',
  completedDate: 'Date completed',
  installerSignature: "Installer's signature",
  customerSignature: "Customer's signature",
} as const satisfies Record<PdfLabelKey, string>;

const LABELS: Record<PdfLocale, Record<PdfLabelKey, string>> = { nb: NB, en: EN };

/** A label with its `{name}` placeholders filled in (unknown ones stay as they are). */
const filled = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );

/** The label in the locale, with `{name}` placeholders filled in. */
export const pdfLabel = (
  locale: PdfLocale,
  key: PdfLabelKey,
  params: Record<string, string | number> = {},
): string => filled(LABELS[locale][key], params);

/**
 * A document's own words (offer, order confirmation) beside the shared ones: the two maps, bound to
 * a locale as `documentLabels(NB, EN)('nb')('offer')`.
 */
export const documentLabels =
  <Key extends string>(nb: Record<Key, string>, en: Record<Key, string>) =>
  (locale: PdfLocale) =>
  (key: Key, params: Record<string, string | number> = {}) =>
    filled((locale === 'nb' ? nb : en)[key], params);

/** A label lookup bound to one locale, for document builders: `const t = pdfLabels('nb'); t('date')`. */
export const pdfLabels =
  (locale: PdfLocale) => (key: PdfLabelKey, params?: Record<string, string | number>) =>
    pdfLabel(locale, key, params);

export type PdfLabelFn = ReturnType<typeof pdfLabels>;
