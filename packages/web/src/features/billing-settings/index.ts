export { CreditBandsAdmin } from './credit-bands-admin';
export { InvoiceSettingsAdmin } from './invoice-settings-admin';
export { PaymentTermsAdmin } from './payment-terms-admin';
