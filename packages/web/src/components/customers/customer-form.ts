import {
  type Address,
  type CustomerDto,
  customerCreateSchema,
  customerEditableSchema,
  type INVOICE_SEND_METHODS,
} from '@karm/domain/contract';
import { useContractForm } from '@/lib/forms';

export type InvoiceSendMethod = (typeof INVOICE_SEND_METHODS)[number];

/** Every field of the creation payload the dialog edits, in the shape the contract schema reads. */
export type CustomerFormValues = {
  name: string;
  organizationNumber: string;
  isPrivateIndividual: boolean;
  customerNumber: number | null;
  email: string;
  invoiceEmail: string;
  phoneNumber: string;
  phoneNumberMobile: string;
  invoiceSendMethod: InvoiceSendMethod;
  /** A key of the company's customer categories (collections). */
  category: string;
  /** The customer's own payment term; null: its category's or the company's default applies. */
  paymentTermId: string | null;
  postalAddress: Address;
  physicalAddress: Address | null;
  isOneTime: boolean;
};

export const EMPTY_ADDRESS: Address = {
  addressLine1: '',
  addressLine2: '',
  postalCode: '',
  city: '',
  countryCode: 'NO',
};

export const EMPTY_CUSTOMER: CustomerFormValues = {
  name: '',
  organizationNumber: '',
  isPrivateIndividual: false,
  customerNumber: null,
  email: '',
  invoiceEmail: '',
  phoneNumber: '',
  phoneNumberMobile: '',
  invoiceSendMethod: 'EMAIL',
  category: 'company',
  paymentTermId: null,
  postalAddress: EMPTY_ADDRESS,
  physicalAddress: null,
  isOneTime: false,
};

/** A saved customer as the form holds it. */
export const customerFormValuesOf = (customer: CustomerDto): CustomerFormValues => ({
  name: customer.name,
  organizationNumber: customer.organizationNumber,
  isPrivateIndividual: customer.isPrivateIndividual,
  customerNumber: customer.customerNumber,
  email: customer.email,
  invoiceEmail: customer.invoiceEmail,
  phoneNumber: customer.phoneNumber,
  phoneNumberMobile: customer.phoneNumberMobile,
  invoiceSendMethod: customer.invoiceSendMethod,
  category: customer.category,
  paymentTermId: customer.paymentTermId,
  postalAddress: customer.postalAddress,
  physicalAddress: customer.physicalAddress,
  isOneTime: customer.source === 'one-time',
});

/**
 * The customer form, validated by the same schema the server uses (DESIGN rule 1): the creation
 * payload's for a new customer, the editable fields' for a saved one (whose number and kind stay).
 */
export const useCustomerForm = (isEditing = false) =>
  useContractForm<CustomerFormValues>(
    isEditing ? customerEditableSchema : customerCreateSchema,
    EMPTY_CUSTOMER,
  );

export type CustomerForm = ReturnType<typeof useCustomerForm>;

export type AddressPath = 'postalAddress' | 'physicalAddress';
