/**
 * The code lists of SPEC §3 shared by inquiries and offers (customer categories live with customers,
 * contract/customers.ts). Codes are stored; labels come from the
 * `pipeline` i18n namespace (`pipeline:projectCategory.<code>` and so on), in English and Norwegian.
 */
export const PROJECT_CATEGORIES = [
  'kindergartenYouthSchool',
  'kindergarten',
  'sportsFacility',
  'businessIndustry',
  'businessOffices',
  'commercialBuilding',
  'residentialBuilding',
  'residentialProject',
] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

export const COMPLEXITIES = ['low', 'medium', 'high'] as const;
export type Complexity = (typeof COMPLEXITIES)[number];

export const OWNER_TYPES = [
  'builderCarpenter',
  'entrepreneurSmall',
  'entrepreneurMedium',
  'hardwareStore',
  'operationsManager',
  'privatePropertyCompany',
  'publicPropertyCompany',
] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

/** Where each code list's labels live; customer categories belong to customers (contract/customers.ts). */
const CODE_LABEL_PREFIXES = {
  projectCategory: 'pipeline:projectCategory',
  complexity: 'pipeline:complexity',
  ownerType: 'pipeline:ownerType',
  customerCategory: 'customers:category',
} as const;
export type CodeList = keyof typeof CODE_LABEL_PREFIXES;

/** i18n key of a code's label, e.g. `codeLabelKey('complexity', 'low')` → `pipeline:complexity.low`. */
export const codeLabelKey = (list: CodeList, code: string): string => `${CODE_LABEL_PREFIXES[list]}.${code}`;
