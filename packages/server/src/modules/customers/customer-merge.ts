import type { AccountingCustomerFields } from '../../integrations/accounting/port';

/** The customer fields Karm and the accounting system both edit, compared field by field. */
export const SYNCED_CUSTOMER_FIELDS = [
  'name',
  'organizationNumber',
  'isPrivateIndividual',
  'email',
  'invoiceEmail',
  'phoneNumber',
  'phoneNumberMobile',
  'invoiceSendMethod',
  // Push-only in effect: Karm's effective payment term; a value changed in the accounting system is
  // overwritten by the next push (the row keeps the term, not the days).
  'invoicesDueIn',
  'isSupplier',
  'supplierNumber',
  'customerNumber',
  'isInactive',
  'postalAddress',
  'physicalAddress',
] as const satisfies readonly (keyof AccountingCustomerFields)[];

export type SyncedCustomerField = (typeof SYNCED_CUSTOMER_FIELDS)[number];
export type SyncedCustomer = Pick<AccountingCustomerFields, SyncedCustomerField>;

/** Addresses compare by their content; the accounting system's address id is not content. */
const comparable = (value: unknown) => {
  if (value && typeof value === 'object' && 'addressLine1' in value) {
    const { externalId: _ignored, ...content } = value as Record<string, unknown>;
    return JSON.stringify(content, Object.keys(content).sort());
  }
  return JSON.stringify(value ?? null);
};

export const isSameValue = (left: unknown, right: unknown) => comparable(left) === comparable(right);

/** The fields whose value in `current` differs from `base`. */
export const changedFields = (base: SyncedCustomer, current: SyncedCustomer): SyncedCustomerField[] =>
  SYNCED_CUSTOMER_FIELDS.filter((field) => !isSameValue(base[field], current[field]));

export type MergeResult = {
  merged: SyncedCustomer;
  /** Fields Karm changed that the accounting system did not: still to be pushed. */
  localOnly: SyncedCustomerField[];
  /** Fields both sides changed differently: the accounting system's value won. */
  conflicts: SyncedCustomerField[];
};

/**
 * Three-way merge of a customer changed on both sides since the last sync. Each side's changes
 * are taken field by field; where both changed the same field differently, the accounting system
 * wins (it is where invoices are made), and the field is reported as a conflict.
 */
export const mergeCustomer = (
  base: SyncedCustomer,
  local: SyncedCustomer,
  remote: SyncedCustomer,
): MergeResult => {
  const localChanges = changedFields(base, local);
  const remoteChanges = new Set(changedFields(base, remote));
  const merged = { ...remote };
  const localOnly: SyncedCustomerField[] = [];
  const conflicts: SyncedCustomerField[] = [];
  for (const field of localChanges) {
    if (!remoteChanges.has(field)) {
      Object.assign(merged, { [field]: local[field] });
      localOnly.push(field);
    } else if (!isSameValue(local[field], remote[field])) {
      conflicts.push(field);
    }
  }
  return { merged, localOnly, conflicts };
};
