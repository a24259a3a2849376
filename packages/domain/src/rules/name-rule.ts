import { VALIDATION_MESSAGE_KEYS } from './validation-messages';

/** Process and sub-process names fit planner column headers: at most 15 characters (SPEC §9). */
export const PROCESS_NAME_MAX_LENGTH = 15;

export type ProcessKind = 'process' | 'subProcess';
export type ProcessNames = { nameNo: string; nameEn: string };
export type ProcessNameMessageKey =
  | typeof VALIDATION_MESSAGE_KEYS.norwegianNameRequired
  | typeof VALIDATION_MESSAGE_KEYS.englishNameRequired
  | typeof VALIDATION_MESSAGE_KEYS.subProcessNorwegianNameRequired
  | typeof VALIDATION_MESSAGE_KEYS.subProcessEnglishNameRequired
  | typeof VALIDATION_MESSAGE_KEYS.nameTooLong;
export type ProcessNameErrors = Partial<Record<keyof ProcessNames, ProcessNameMessageKey>>;

const REQUIRED_MESSAGES = {
  process: {
    nameNo: VALIDATION_MESSAGE_KEYS.norwegianNameRequired,
    nameEn: VALIDATION_MESSAGE_KEYS.englishNameRequired,
  },
  subProcess: {
    nameNo: VALIDATION_MESSAGE_KEYS.subProcessNorwegianNameRequired,
    nameEn: VALIDATION_MESSAGE_KEYS.subProcessEnglishNameRequired,
  },
} as const satisfies Record<ProcessKind, Record<keyof ProcessNames, ProcessNameMessageKey>>;

const FIELDS = ['nameNo', 'nameEn'] as const satisfies ReadonlyArray<keyof ProcessNames>;

/**
 * The failing fields of a process or sub-process name pair, each with its message key; `{}` when both
 * are fine. Names are judged trimmed, so whitespace-only is empty and surrounding spaces do not count
 * towards the limit (callers store the trimmed name). Length counts characters (code points), as
 * PostgreSQL's varchar does, not UTF-16 units.
 */
export const validateProcessNames = (names: ProcessNames, kind: ProcessKind): ProcessNameErrors => {
  const errors: ProcessNameErrors = {};
  for (const field of FIELDS) {
    const name = (names[field] ?? '').trim();
    if (name === '') errors[field] = REQUIRED_MESSAGES[kind][field];
    else if ([...name].length > PROCESS_NAME_MAX_LENGTH) errors[field] = VALIDATION_MESSAGE_KEYS.nameTooLong;
  }
  return errors;
};
