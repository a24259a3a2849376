import { type OfferDto, type OfferFieldsInput, offerFieldsSchema } from '@karm/domain/contract';
import { useContractForm } from '@/lib/forms';

/** Every field of the offer dialog's form, as the contract reads it (SPEC §3 offer). */
export type OfferFormValues = Required<{
  [Key in keyof OfferFieldsInput]: NonNullable<OfferFieldsInput[Key]> | null;
}> & {
  projectName: string;
};

/** The contract's defaults; the project name starts empty (the schema requires one, so it is parsed with a stand-in). */
export const newOfferValues = (): OfferFormValues => ({
  ...(offerFieldsSchema.parse({ projectName: '-' }) as unknown as OfferFormValues),
  projectName: '',
});

export const toFormValues = (offer: OfferDto): OfferFormValues => {
  const values = {} as Record<string, unknown>;
  for (const field of Object.keys(offerFieldsSchema.shape)) values[field] = offer[field as keyof OfferDto];
  return values as OfferFormValues;
};

export const useOfferForm = (initial: OfferFormValues) =>
  useContractForm<OfferFormValues>(offerFieldsSchema, initial);
export type OfferForm = ReturnType<typeof useOfferForm>;

/** The fields that differ from the saved offer (compared as JSON: the payment plan is a list). */
export const changedFields = (saved: OfferDto, values: OfferFormValues) =>
  Object.fromEntries(
    Object.entries(values).filter(
      ([field, value]) =>
        JSON.stringify(saved[field as keyof OfferDto] ?? null) !== JSON.stringify(value ?? null),
    ),
  ) as Partial<OfferFormValues>;
