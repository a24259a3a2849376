import { type InquiryDetailsDto, inquiryFieldsSchema } from '@karm/domain/contract';
import type { z } from 'zod';
import { useContractForm } from '@/lib/forms';

/** Every field of the inquiry dialog's form, as the contract reads it (SPEC §3 inquiry). */
export type InquiryFormValues = z.output<typeof inquiryFieldsSchema>;

export const newInquiryValues = (today: string): InquiryFormValues => ({
  ...inquiryFieldsSchema.parse({ receivedDate: today, projectName: '-' }),
  projectName: '',
});

export const toFormValues = (inquiry: InquiryDetailsDto): InquiryFormValues => ({
  receivedDate: inquiry.receivedDate,
  deadline: inquiry.deadline,
  ownerId: inquiry.owner?.id ?? null,
  projectName: inquiry.projectName,
  projectAddress: inquiry.projectAddress,
  postalCode: inquiry.postalCode,
  city: inquiry.city,
  comment: inquiry.comment,
  projectCategory: inquiry.projectCategory,
  calculationGroup: inquiry.calculationGroup,
  complexity: inquiry.complexity,
  customerCategory: inquiry.customerCategory,
  ownerType: inquiry.ownerType,
  projectOwner: inquiry.projectOwner,
  architect: inquiry.architect,
  consultant: inquiry.consultant,
  customerId: inquiry.customer?.id ?? null,
  oneTimeCustomer: inquiry.oneTimeCustomer,
  contactId: inquiry.contact?.id ?? null,
  creditScore: inquiry.creditScore,
});

export const useInquiryForm = (initial: InquiryFormValues) =>
  useContractForm<InquiryFormValues>(inquiryFieldsSchema, initial);
export type InquiryForm = ReturnType<typeof useInquiryForm>;
