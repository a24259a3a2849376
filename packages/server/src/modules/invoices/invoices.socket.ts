import { socketModule } from '../../platform/realtime/socket-module';
import { deleteInvoicePlan, saveInvoicePlan } from './invoice-plan.service';
import { creditInvoice, getInvoice, listInvoices, updateInvoice } from './invoices.service';

/**
 * SPEC §7 invoices:get, invoices:upd, invoices:del, invoice:get. Reading needs `invoices.read`;
 * recording a payment, marking sent and crediting are the administrators' (`invoices.write`), and so
 * is a project's own invoice plan (`invoice-plan:save`, `invoice-plan:del`).
 */
export const invoiceEvents = socketModule({
  'invoices:get': { access: 'invoices.read', useCase: listInvoices },
  'invoice:get': { access: 'invoices.read', useCase: getInvoice },
  'invoices:upd': { access: 'invoices.write', useCase: updateInvoice },
  'invoices:del': { access: 'invoices.write', useCase: creditInvoice },
  'invoice-plan:save': { access: 'invoices.write', useCase: saveInvoicePlan },
  'invoice-plan:del': { access: 'invoices.write', useCase: deleteInvoicePlan },
});
