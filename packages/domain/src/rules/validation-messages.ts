import englishValidationTexts from '../i18n/en/validation.json' with { type: 'json' };

/**
 * Every validation message the rules produce, as a message key `validation.<name>`.
 *
 * Mapping to i18next: the namespace `validation` is the file `i18n/<locale>/validation.json`, whose keys
 * are the bare names. So `'validation.mustBe9Characters'` is looked up as
 * `t('validation:mustBe9Characters')` — convert with `messageKeyToI18n`. Keys use a dot rather than the
 * i18next colon so they read like ordinary identifiers in server payloads and form errors.
 */
export const VALIDATION_MESSAGE_KEYS = {
  mustBe9Characters: 'validation.mustBe9Characters',
  /** A text holds the NUL character, which no field may store. */
  nulCharacter: 'validation.nulCharacter',
  /** Free-form data nested deeper, or larger, than Karm accepts. */
  tooDeep: 'validation.tooDeep',
  uploadMalformed: 'validation.uploadMalformed',
  /** An upload that claims to be a picture but cannot be decoded as one. */
  imageUnreadable: 'validation.imageUnreadable',
  organisationNumberInvalid: 'validation.organisationNumberInvalid',
  urlInvalid: 'validation.urlInvalid',
  norwegianNameRequired: 'validation.norwegianNameRequired',
  englishNameRequired: 'validation.englishNameRequired',
  subProcessNorwegianNameRequired: 'validation.subProcessNorwegianNameRequired',
  subProcessEnglishNameRequired: 'validation.subProcessEnglishNameRequired',
  nameTooLong: 'validation.nameTooLong',
  mustSelectCustomer: 'validation.mustSelectCustomer',
  pleaseSelectCustomer: 'validation.pleaseSelectCustomer',
  noCustomerSelected: 'validation.noCustomerSelected',
  fillAllCustomerContactFields: 'validation.fillAllCustomerContactFields',
  quantityRequired: 'validation.quantityRequired',
  passwordsDontMatch: 'validation.passwordsDontMatch',
  passwordTooShort: 'validation.passwordTooShort',
  resetLinkInvalid: 'validation.resetLinkInvalid',
  twoFactorCodeWrong: 'validation.twoFactorCodeWrong',
  /** The code was right, but it (or a later one) has been used: codes work once. */
  twoFactorCodeUsed: 'validation.twoFactorCodeUsed',
  twoFactorChallengeExpired: 'validation.twoFactorChallengeExpired',
  twoFactorSetupMissing: 'validation.twoFactorSetupMissing',
  twoFactorChangePasswordSignedIn: 'validation.twoFactorChangePasswordSignedIn',
  passwordWrong: 'validation.passwordWrong',
  allFieldsRequired: 'validation.allFieldsRequired',
  companyRequired: 'validation.companyRequired',
  dateNotValid: 'validation.dateNotValid',
  required: 'validation.required',
  emailInvalid: 'validation.emailInvalid',
  /** Another user (in any company) already signs in with this e-mail address. */
  emailTaken: 'validation.emailTaken',
  postalCodeInvalid: 'validation.postalCodeInvalid',
  postalCodeUnknown: 'validation.postalCodeUnknown',
  customerNumberTaken: 'validation.customerNumberTaken',
  companyIdDigits: 'validation.companyIdDigits',
  /** Interpolates `{{min}}` and `{{max}}`. */
  syncIntervalRange: 'validation.syncIntervalRange',
  reorderMismatch: 'validation.reorderMismatch',
  noteTypeUnsupported: 'validation.noteTypeUnsupported',
  archiveReasonRequired: 'validation.archiveReasonRequired',
  /** Interpolates `{{max}}`. */
  tooLong: 'validation.tooLong',
  factorRange: 'validation.factorRange',
  minMaxRange: 'validation.minMaxRange',
  processTypeRequired: 'validation.processTypeRequired',
  subProcessTypeRequired: 'validation.subProcessTypeRequired',
  deliveryPostponed: 'validation.deliveryPostponed',
  contactNotOfCustomer: 'validation.contactNotOfCustomer',
  /** A chosen record (customer, employee, department, status…) that is not the company's. */
  referenceUnknown: 'validation.referenceUnknown',
  /** Interpolates `{{max}}`. */
  tooMany: 'validation.tooMany',
  rangeFromBeforeTo: 'validation.rangeFromBeforeTo',
  /** Interpolates `{{max}}` (days). */
  rangeTooLong: 'validation.rangeTooLong',
  rangesOverlap: 'validation.rangesOverlap',
  pricePositive: 'validation.pricePositive',
  costPositive: 'validation.costPositive',
  duplicateName: 'validation.duplicateName',
  cellUnknown: 'validation.cellUnknown',
  duplicateId: 'validation.duplicateId',
  latitudeRange: 'validation.latitudeRange',
  longitudeRange: 'validation.longitudeRange',
  locationIncomplete: 'validation.locationIncomplete',
  serviceItemChanged: 'validation.serviceItemChanged',
  /** Service agreements (issue 19). */
  priceNegative: 'validation.priceNegative',
  priceTooHigh: 'validation.priceTooHigh',
  vatRate: 'validation.vatRate',
  priceIndexRange: 'validation.priceIndexRange',
  serviceAgreementChanged: 'validation.serviceAgreementChanged',
  serviceAgreementExists: 'validation.serviceAgreementExists',
  serviceWorkerUnknown: 'validation.serviceWorkerUnknown',
  serviceItemNotOnProject: 'validation.serviceItemNotOnProject',
  visitInFuture: 'validation.visitInFuture',
  /** A service report of items nobody has answered yet (issue 19). */
  serviceReportNothingAnswered: 'validation.serviceReportNothingAnswered',
  serviceAnswerChanged: 'validation.serviceAnswerChanged',
  /** Products and expenses (issue 19). */
  quantityPositive: 'validation.quantityPositive',
  quantityPrecision: 'validation.quantityPrecision',
  expenseChanged: 'validation.expenseChanged',
  expenseInInvoicePlan: 'validation.expenseInInvoicePlan',
  productChanged: 'validation.productChanged',
  productsInAccounting: 'validation.productsInAccounting',
  commentRequired: 'validation.commentRequired',
  pictureRequired: 'validation.pictureRequired',
  numberTooLarge: 'validation.numberTooLarge',
  valueNotForRow: 'validation.valueNotForRow',
  /** A message names a recipient who is not an active member of the company. */
  recipientUnknown: 'validation.recipientUnknown',
  /** A message to a work group nobody (with a sign-in) is in. */
  recipientsNone: 'validation.recipientsNone',
  /** A Web Push subscription whose endpoint or keys are not what a browser gives. */
  pushSubscriptionInvalid: 'validation.pushSubscriptionInvalid',
  doorTypeUnknown: 'validation.doorTypeUnknown',
  widthOutOfRange: 'validation.widthOutOfRange',
  heightOutOfRange: 'validation.heightOutOfRange',
  sizeNotOffered: 'validation.sizeNotOffered',
  paymentPlanSum: 'validation.paymentPlanSum',
  statusWonAndLost: 'validation.statusWonAndLost',
  defaultStatusOutcome: 'validation.defaultStatusOutcome',
  statusDeleted: 'validation.statusDeleted',
  oneCustomerOnly: 'validation.oneCustomerOnly',
  usernameRules: 'validation.usernameRules',
  usernameTaken: 'validation.usernameTaken',
  employmentBeforeBirth: 'validation.employmentBeforeBirth',
  employeeTaken: 'validation.employeeTaken',
  emailNeededForInvitation: 'validation.emailNeededForInvitation',
  invitationNotPending: 'validation.invitationNotPending',
  cannotDeleteSelf: 'validation.cannotDeleteSelf',
  cannotDeactivateSelf: 'validation.cannotDeactivateSelf',
  lastAdministrator: 'validation.lastAdministrator',
  /** A webhook address that is not a valid https:// URL (or carries a user name or password). */
  webhookUrlInvalid: 'validation.webhookUrlInvalid',
  /** http:// is refused, except to loopback when private network addresses are allowed. */
  webhookHttpsRequired: 'validation.webhookHttpsRequired',
  /** A private network address while the company's settings refuse them. */
  webhookPrivateAddress: 'validation.webhookPrivateAddress',
  /** The installation does not let administrators allow private network addresses. */
  webhookPrivateNotPermitted: 'validation.webhookPrivateNotPermitted',
  paymentTotalInvalid: 'validation.paymentTotalInvalid',
  paymentPlanEmpty: 'validation.paymentPlanEmpty',
  paymentPartNegative: 'validation.paymentPartNegative',
  paymentPercentOver100: 'validation.paymentPercentOver100',
  paymentFixedOverTotal: 'validation.paymentFixedOverTotal',
  paymentPlanUncovered: 'validation.paymentPlanUncovered',
  processColumnNotInvoice: 'validation.processColumnNotInvoice',
  confirmationInvoiced: 'validation.confirmationInvoiced',
  confirmationDuplicate: 'validation.confirmationDuplicate',
  confirmationChanged: 'validation.confirmationChanged',
  invoicePlanNotConfirmation: 'validation.invoicePlanNotConfirmation',
  invoicePlanChanged: 'validation.invoicePlanChanged',
  invoicePlanInvoiced: 'validation.invoicePlanInvoiced',
  invoicePlanDuplicate: 'validation.invoicePlanDuplicate',
  invoiceNeedsProject: 'validation.invoiceNeedsProject',
  invoiceExists: 'validation.invoiceExists',
  invoiceDuplicate: 'validation.invoiceDuplicate',
  invoiceChanged: 'validation.invoiceChanged',
  invoiceCredited: 'validation.invoiceCredited',
  invoiceFollowsAccounting: 'validation.invoiceFollowsAccounting',
  invoiceOverpaid: 'validation.invoiceOverpaid',
  invoiceAlreadySent: 'validation.invoiceAlreadySent',
  noInvoiceYet: 'validation.noInvoiceYet',
  creditBandPrepaymentTooLow: 'validation.creditBandPrepaymentTooLow',
  creditBandApprovalRequired: 'validation.creditBandApprovalRequired',
  /** A whole number outside its range; interpolates `{{min}}` and `{{max}}`. */
  numberRange: 'validation.numberRange',
  /** A code (a credit band's) the company already uses. */
  duplicateCode: 'validation.duplicateCode',
  /** A name (a payment term's) the company already uses. */
  nameTaken: 'validation.nameTaken',
  /** A week number the year does not have (54, or 53 in a short year). */
  weekInvalid: 'validation.weekInvalid',
  /** A day part other than 1/4, 1/2 or a whole day. */
  dayPartInvalid: 'validation.dayPartInvalid',
  /** A planner cell changed since the person read it; the error carries the fresh cells. */
  planCellChanged: 'validation.planCellChanged',
  /** A booking would put more than a whole day on a cell; the person confirms to overbook. */
  planOverbooked: 'validation.planOverbooked',
  planSuggestionChanged: 'validation.planSuggestionChanged',
  /** A suggested visit moved to a day before today. */
  suggestionInPast: 'validation.suggestionInPast',
  /** A suggested visit moved to a week-end or a red day. */
  suggestionNotWorkingDay: 'validation.suggestionNotWorkingDay',
  visitNotDue: 'validation.visitNotDue',
  /** Someone else changed a task since it was read. */
  taskChanged: 'validation.taskChanged',
  /** Someone else changed an offer status since it was read. */
  offerStatusChanged: 'validation.offerStatusChanged',
  /** A colour that is not #rrggbb. */
  colourInvalid: 'validation.colourInvalid',
  /** SPEC §5: the answer at position 1 is not a positive OK value (asked to confirm). */
  firstAnswerNotOk: 'validation.firstAnswerNotOk',
  /** Someone else changed a service template (or its group, row or answer) since it was read. */
  serviceTemplateChanged: 'validation.serviceTemplateChanged',
  /** A template copied to projects is not deleted; interpolates `{{count}}`. */
  serviceTemplateInUse: 'validation.serviceTemplateInUse',
  /** A function rows point at is not deleted; interpolates `{{count}}`. */
  serviceFunctionInUse: 'validation.serviceFunctionInUse',
  /** Answers belong to rows of the types single answer and multiple answers only. */
  rowTakesNoAnswers: 'validation.rowTakesNoAnswers',
  /** A new order that does not name every item of the list exactly once. */
  orderMismatch: 'validation.orderMismatch',
  // Quality (issue 16): deviations and procedures.
  deviationChanged: 'validation.deviationChanged',
  procedureChanged: 'validation.procedureChanged',
  rootCauseRequired: 'validation.rootCauseRequired',
  actionRequired: 'validation.actionRequired',
  actionsNotDone: 'validation.actionsNotDone',
  dueDateBeforeDeviation: 'validation.dueDateBeforeDeviation',
  statusChangeNotAllowed: 'validation.statusChangeNotAllowed',
  deviationClosed: 'validation.deviationClosed',
  procedureVersionStale: 'validation.procedureVersionStale',
  richTextEmpty: 'validation.richTextEmpty',
  // Quality checklists (issue 16).
  checklistChanged: 'validation.checklistChanged',
  checklistCompleted: 'validation.checklistCompleted',
  checklistNotAChecklist: 'validation.checklistNotAChecklist',
  checklistItemUnanswered: 'validation.checklistItemUnanswered',
  checklistAnswerNotOfRow: 'validation.checklistAnswerNotOfRow',
  checklistCommentRequired: 'validation.checklistCommentRequired',
  checklistPictureRequired: 'validation.checklistPictureRequired',
  checklistDeviationRequired: 'validation.checklistDeviationRequired',
  checklistDeviationExists: 'validation.checklistDeviationExists',
  signatureInvalid: 'validation.signatureInvalid',
} as const;

export type ValidationMessageName = keyof typeof VALIDATION_MESSAGE_KEYS;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[ValidationMessageName];

const MESSAGE_KEY_PREFIX = 'validation.';

/** `'validation.x'` → `'validation:x'`, the i18next namespaced key. */
export const messageKeyToI18n = <Name extends string>(key: `validation.${Name}`): `validation:${Name}` =>
  `validation:${key.slice(MESSAGE_KEY_PREFIX.length) as Name}`;

/**
 * A message key may carry values for its placeholders, written like a query string:
 * `validation.tooLong?max=200`. Server payloads and zod schemas stay plain strings this way.
 */
export const messageWithParams = (key: ValidationMessageKey, params: Record<string, string | number>) =>
  `${key}?${new URLSearchParams(Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]))}`;

export const parseMessage = (message: string): { key: string; params: Record<string, string> } => {
  const [key = '', query] = message.split('?', 2);
  return { key, params: query ? Object.fromEntries(new URLSearchParams(query)) : {} };
};

const ENGLISH_TEXTS: Readonly<Record<string, string>> = englishValidationTexts;

/**
 * The English text of a message key, its `{{placeholders}}` filled from the key's parameters
 * (`validation.tooLong?max=200` → `Too long: at most 200 characters`), read from the same
 * `i18n/en/validation.json` the web app shows; `undefined` when `message` is not a known key.
 * Server errors carry it as their readable `message` beside the key (`messageKey`).
 */
export const englishMessageOf = (message: string): string | undefined => {
  const { key, params } = parseMessage(message);
  if (!key.startsWith(MESSAGE_KEY_PREFIX)) return undefined;
  const name = key.slice(MESSAGE_KEY_PREFIX.length);
  const text = Object.hasOwn(ENGLISH_TEXTS, name) ? ENGLISH_TEXTS[name] : undefined;
  return text?.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, param: string) => params[param] ?? placeholder);
};
