import { socketModule } from '../../platform/realtime/socket-module';
import { addCreditBand, deleteCreditBand, listCreditBands, updateCreditBand } from './credit-bands.service';
import { getInvoiceSettings, updateInvoiceSettings } from './invoice-settings.service';
import {
  addPaymentTerm,
  deletePaymentTerm,
  listPaymentTerms,
  setCategoryPaymentTerm,
  updatePaymentTerm,
} from './payment-terms.service';

/**
 * Invoice settings and payment terms are kept by whoever holds `invoices.settings` (admins unless the
 * company decides otherwise); credit bands are a sales setting (the credit score tab). Anyone who
 * sees customers or inquiries reads the terms and bands: the customer page and the inquiry dialog
 * show them.
 */
const MANAGE_INVOICING = 'invoices.settings' as const;
const MANAGE_CREDIT = 'sales.settings' as const;
const READ_TERMS = ['customers.read', 'invoices.read', 'invoices.settings'] as const;
const READ_BANDS = ['customers.read', 'inquiries.read', 'sales.settings'] as const;

export const billingSettingsEvents = socketModule({
  'payment_term:list': { access: READ_TERMS, useCase: listPaymentTerms },
  'payment_term:add': { access: MANAGE_INVOICING, useCase: addPaymentTerm },
  'payment_term:upd': { access: MANAGE_INVOICING, useCase: updatePaymentTerm },
  'payment_term:del': { access: MANAGE_INVOICING, useCase: deletePaymentTerm },
  'payment_term:category': { access: MANAGE_INVOICING, useCase: setCategoryPaymentTerm },
  'credit_band:list': { access: READ_BANDS, useCase: listCreditBands },
  'credit_band:add': { access: MANAGE_CREDIT, useCase: addCreditBand },
  'credit_band:upd': { access: MANAGE_CREDIT, useCase: updateCreditBand },
  'credit_band:del': { access: MANAGE_CREDIT, useCase: deleteCreditBand },
  'invoice_settings:get': { access: ['invoices.read', 'invoices.settings'], useCase: getInvoiceSettings },
  'invoice_settings:upd': { access: MANAGE_INVOICING, useCase: updateInvoiceSettings },
});
