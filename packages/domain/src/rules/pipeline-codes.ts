/**
 * The code lists of SPEC §3 shared by inquiries and offers. Codes are stored; labels come from the
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

export const CUSTOMER_CATEGORIES = ['private', 'company', 'project', 'hardwareStore', 'special'] as const;
export type CustomerCategory = (typeof CUSTOMER_CATEGORIES)[number];

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

/** i18n key of a code's label, e.g. `codeLabelKey('complexity', 'low')` → `pipeline:complexity.low`. */
export const codeLabelKey = (
  list: 'projectCategory' | 'customerCategory' | 'complexity' | 'ownerType',
  code: string,
): string => `pipeline:${list}.${code}`;
