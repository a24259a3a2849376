import { type ProcessNameErrors, type ProcessNames, validateProcessNames } from './name-rule';
import { VALIDATION_MESSAGE_KEYS } from './validation-messages';

/**
 * What a process cell records (SPEC §3): a `completed` column holds one date, an `orderedReceived`
 * column the range from ordered to received (glass, hardware and the like bought from suppliers).
 */
export const PROCESS_COLUMN_TYPES = ['completed', 'orderedReceived'] as const;
export type ProcessColumnType = (typeof PROCESS_COLUMN_TYPES)[number];

/** A sub-process records the same kinds of note dates as a column. */
export type SubProcessType = ProcessColumnType;

export const NOTE_DATE_TYPES = ['completed', 'ordered', 'received'] as const;
export type NoteDateType = (typeof NOTE_DATE_TYPES)[number];

/**
 * The scheduling part of a process column. `factor` is how many weeks before delivery the step is due
 * (its process date); `min` and `max` are the fewest and most weeks the step takes before that date, so
 * the step must start `factor + min` weeks before delivery at the latest (see `minimumLeadWeeks`).
 */
export type ProcessColumnRule = {
  id: string;
  factor: number;
  min: number;
  max: number;
  type: ProcessColumnType;
};

/** Upper bound of `factor`, `min` and `max`: a year of weeks, the span of the delivery week picker. */
export const PROCESS_WEEKS_MAX = 52;

export const isProcessColumnType = (value: unknown): value is ProcessColumnType =>
  (PROCESS_COLUMN_TYPES as readonly unknown[]).includes(value);

const COMPLETED_NOTES = ['completed'] as const satisfies readonly NoteDateType[];
const ORDERED_RECEIVED_NOTES = ['ordered', 'received'] as const satisfies readonly NoteDateType[];

/** The note dates a cell of this column type holds, in the order they happen. */
export const noteDateTypesOf = (type: ProcessColumnType): readonly NoteDateType[] => {
  switch (type) {
    case 'completed':
      return COMPLETED_NOTES;
    case 'orderedReceived':
      return ORDERED_RECEIVED_NOTES;
    default: {
      // Reached only from untyped data (a stored row, a payload); SPEC §8: unsupported types raise errors.
      const unsupported: never = type;
      throw new Error(`Unsupported process column type: ${String(unsupported)}`);
    }
  }
};

/** Throws `Unsupported note type: …` unless a column of `columnType` holds note dates of `noteType`. */
export function assertNoteDateType(
  columnType: ProcessColumnType,
  noteType: string,
): asserts noteType is NoteDateType {
  if (!(noteDateTypesOf(columnType) as readonly string[]).includes(noteType)) {
    throw new Error(`Unsupported note type: ${noteType} (column type ${columnType})`);
  }
}

/** Form values of a process column. Numbers may be missing while the form is being filled in. */
export type ProcessColumnInput = ProcessNames & {
  factor?: number | null;
  min?: number | null;
  max?: number | null;
  type?: string | null;
};

export type ProcessColumnErrors = ProcessNameErrors & {
  factor?: typeof VALIDATION_MESSAGE_KEYS.factorRange;
  min?: typeof VALIDATION_MESSAGE_KEYS.minMaxRange;
  max?: typeof VALIDATION_MESSAGE_KEYS.minMaxRange;
  type?: typeof VALIDATION_MESSAGE_KEYS.processTypeRequired;
};

export type SubProcessInput = ProcessNames & { type?: string | null };

export type SubProcessErrors = ProcessNameErrors & {
  type?: typeof VALIDATION_MESSAGE_KEYS.subProcessTypeRequired;
};

const isWeekCount = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= PROCESS_WEEKS_MAX;

/**
 * The failing fields of a process column, each with its message key; `{}` when it can be saved.
 * Names follow the process name rule (SPEC §5). `factor`, `min` and `max` are whole weeks from 0 to
 * `PROCESS_WEEKS_MAX` — never negative, so no step is due after delivery — and `min ≤ max`; when only
 * the order is wrong both `min` and `max` are flagged, as either may be the one to fix.
 */
export const validateProcessColumn = (input: ProcessColumnInput): ProcessColumnErrors => {
  const errors: ProcessColumnErrors = validateProcessNames(input, 'process');
  if (!isWeekCount(input.factor)) errors.factor = VALIDATION_MESSAGE_KEYS.factorRange;
  const isMinValid = isWeekCount(input.min);
  const isMaxValid = isWeekCount(input.max);
  if (!isMinValid) errors.min = VALIDATION_MESSAGE_KEYS.minMaxRange;
  if (!isMaxValid) errors.max = VALIDATION_MESSAGE_KEYS.minMaxRange;
  if (isMinValid && isMaxValid && input.min! > input.max!) {
    errors.min = VALIDATION_MESSAGE_KEYS.minMaxRange;
    errors.max = VALIDATION_MESSAGE_KEYS.minMaxRange;
  }
  if (!isProcessColumnType(input.type)) errors.type = VALIDATION_MESSAGE_KEYS.processTypeRequired;
  return errors;
};

/** The failing fields of a sub-process: both names (with the sub-process messages) and its type. */
export const validateSubProcess = (input: SubProcessInput): SubProcessErrors => {
  const errors: SubProcessErrors = validateProcessNames(input, 'subProcess');
  if (!isProcessColumnType(input.type)) errors.type = VALIDATION_MESSAGE_KEYS.subProcessTypeRequired;
  return errors;
};

/** A complete process column as seeded and edited in the admin "process" tab (the legacy PID slots). */
export type ProcessColumnDefinition = ProcessColumnRule &
  ProcessNames & {
    /** `#rrggbb`, the column's colour in the process grid. */
    color: string;
    /** Short key of the project status once this step is the latest one done. */
    status: string;
    /** Finishing this step is a point to invoice the customer (shown on the invoice squares). */
    invoice: boolean;
    /** Position in the grid, 1 = leftmost. */
    order: number;
  };

const column = (
  order: number,
  nameNo: string,
  nameEn: string,
  status: string,
  color: string,
  type: ProcessColumnType,
  factor: number,
  min: number,
  max: number,
  invoice = false,
): ProcessColumnDefinition =>
  Object.freeze({ id: `PID${order}`, nameNo, nameEn, status, color, type, factor, min, max, invoice, order });

/**
 * The eleven default columns of a new company, in the order a door, window and automatic-door maker
 * works: drawings are made and approved, profiles and sheet are bought and sent for powder coating, glass
 * and hardware (locks, hinges, closers, door operators) arrive for production, the work is inspected,
 * delivered, installed and invoiced. Factors fall towards delivery; steps at or after delivery use 0,
 * since a factor is never negative. The longest lead is drawings: 8 + 1 = 9 weeks.
 *
 * Invoice flags: delivery (material-only orders are invoiced when delivered) and installation (installed
 * work is invoiced when mounted). "Fakturert" records that the invoice was made, so it does not itself
 * call for one.
 */
export const DEFAULT_PROCESS_COLUMNS: readonly ProcessColumnDefinition[] = Object.freeze([
  column(1, 'Tegning', 'Drawings', 'drawing', '#4c6ef5', 'completed', 8, 1, 2),
  column(2, 'Godkjent', 'Approved', 'approved', '#228be6', 'completed', 7, 1, 2),
  column(3, 'Materialer', 'Materials', 'materials', '#15aabf', 'orderedReceived', 5, 2, 4),
  column(4, 'Lakkering', 'Painting', 'painting', '#be4bdb', 'orderedReceived', 3, 1, 2),
  column(5, 'Glass', 'Glass', 'glass', '#12b886', 'orderedReceived', 2, 2, 4),
  column(6, 'Beslag', 'Hardware', 'hardware', '#fab005', 'orderedReceived', 2, 2, 4),
  column(7, 'Produksjon', 'Production', 'production', '#fd7e14', 'completed', 1, 1, 2),
  column(8, 'Kontroll', 'Inspection', 'inspection', '#7950f2', 'completed', 1, 0, 1),
  column(9, 'Levert', 'Delivered', 'delivered', '#40c057', 'completed', 0, 0, 0, true),
  column(10, 'Montert', 'Installed', 'installed', '#2b8a3e', 'completed', 0, 0, 2, true),
  column(11, 'Fakturert', 'Invoiced', 'invoiced', '#868e96', 'completed', 0, 0, 1),
]);
