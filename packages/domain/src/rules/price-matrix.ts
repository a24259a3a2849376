import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from './validation-messages';

/**
 * The price calculator's matrix (SPEC §1 "a price calculator by door type and window sizes"): door
 * types × width ranges × height ranges → a sales price and a cost price in øre. A cell left out is a
 * size the company does not offer for that door type. Ranges are inclusive whole millimetres, so
 * 700–900 and 901–1100 meet without a gap.
 *
 * The cost sits in the cell beside the price rather than as one factor per door type: a door maker's
 * cost does not grow with the size in step with the price (glass and steel do, hinges, locks and
 * labour hardly), so a calculated offer line's contribution margin is only right with the cell's own cost.
 */
/**
 * A door type is a row of the matrix, managed with its prices (admin-managed like the other lists): a
 * name, an optional Norwegian name (empty: the name serves both languages), its place in the order of
 * `doorTypes`, and an active flag — an inactive type keeps its prices but is no longer offered.
 */
export type DoorType = { id: string; name: string; nameNb: string; isActive: boolean };
export type SizeRange = { id: string; fromMm: number; toMm: number };
export type PriceCell = {
  doorTypeId: string;
  widthRangeId: string;
  heightRangeId: string;
  /** Sales price of one door, øre. */
  price: number;
  /** What one door costs the company (materials and making), øre: the offer line's cost price. */
  cost: number;
};
export type PriceMatrix = {
  doorTypes: DoorType[];
  widthRanges: SizeRange[];
  heightRanges: SizeRange[];
  cells: PriceCell[];
};

export const PRICE_MATRIX_LIMITS = {
  doorTypes: 30,
  ranges: 30,
  nameLength: 60,
  /** 100 m: a door wider or taller than this is a typing mistake. */
  maxMm: 100_000,
  /** 10 million kroner per unit. */
  maxPrice: 1_000_000_000,
} as const;

/** A door type's name in a language: the Norwegian name when it has one, else its name. */
export const doorTypeName = (type: Pick<DoorType, 'name' | 'nameNb'>, locale: string) =>
  locale === 'nb' && type.nameNb.trim() !== '' ? type.nameNb : type.name;

/** A matrix as stored before door types had a Norwegian name and an active flag reads as all active. */
export const normalisePriceMatrix = (matrix: PriceMatrix): PriceMatrix => ({
  ...matrix,
  doorTypes: matrix.doorTypes.map((type) => ({
    ...type,
    nameNb: type.nameNb ?? '',
    isActive: type.isActive ?? true,
  })),
});

export const EMPTY_PRICE_MATRIX: PriceMatrix = {
  doorTypes: [],
  widthRanges: [],
  heightRanges: [],
  cells: [],
};

export type PriceQuery = { doorTypeId: string; widthMm: number; heightMm: number };

export const PRICE_MISS_REASONS = [
  'doorTypeUnknown',
  'widthOutOfRange',
  'heightOutOfRange',
  'sizeNotOffered',
] as const;
export type PriceMissReason = (typeof PRICE_MISS_REASONS)[number];

/** The input field each miss is about, so a form can show the reason beside it. */
export const PRICE_MISS_FIELD: Record<PriceMissReason, keyof PriceQuery> = {
  doorTypeUnknown: 'doorTypeId',
  widthOutOfRange: 'widthMm',
  heightOutOfRange: 'heightMm',
  sizeNotOffered: 'doorTypeId',
};

export type PriceLookup =
  | {
      isFound: true;
      price: number;
      cost: number;
      doorType: DoorType;
      widthRange: SizeRange;
      heightRange: SizeRange;
    }
  | { isFound: false; reason: PriceMissReason };

/** The range holding a size, if any; ranges never overlap, so there is at most one. */
export const rangeContaining = (ranges: readonly SizeRange[], mm: number) =>
  ranges.find((range) => range.fromMm <= mm && mm <= range.toMm);

/** The price and cost of one door of the given type and size, or why there is none. */
export const priceFromMatrix = (matrix: PriceMatrix, query: PriceQuery): PriceLookup => {
  const doorType = matrix.doorTypes.find((type) => type.id === query.doorTypeId);
  // An inactive door type is no longer offered: new lines cannot be priced with it.
  if (!doorType?.isActive) return { isFound: false, reason: 'doorTypeUnknown' };
  const widthRange = rangeContaining(matrix.widthRanges, query.widthMm);
  if (!widthRange) return { isFound: false, reason: 'widthOutOfRange' };
  const heightRange = rangeContaining(matrix.heightRanges, query.heightMm);
  if (!heightRange) return { isFound: false, reason: 'heightOutOfRange' };
  const cell = findCell(matrix, doorType.id, widthRange.id, heightRange.id);
  if (!cell) return { isFound: false, reason: 'sizeNotOffered' };
  return { isFound: true, price: cell.price, cost: cell.cost, doorType, widthRange, heightRange };
};

export const findCell = (
  matrix: PriceMatrix,
  doorTypeId: string,
  widthRangeId: string,
  heightRangeId: string,
) =>
  matrix.cells.find(
    (cell) =>
      cell.doorTypeId === doorTypeId &&
      cell.widthRangeId === widthRangeId &&
      cell.heightRangeId === heightRangeId,
  );

/** A problem in a matrix: where (a path like `widthRanges.2.toMm`) and a `validation.x` message key. */
export type PriceMatrixIssue = { path: (string | number)[]; message: string };

const rangeIssues = (
  name: 'widthRanges' | 'heightRanges',
  ranges: readonly SizeRange[],
): PriceMatrixIssue[] => {
  const issues: PriceMatrixIssue[] = [];
  if (ranges.length > PRICE_MATRIX_LIMITS.ranges) {
    issues.push({
      path: [name],
      message: messageWithParams(MESSAGES.tooMany, { max: PRICE_MATRIX_LIMITS.ranges }),
    });
  }
  ranges.forEach((range, index) => {
    if (range.fromMm >= range.toMm)
      issues.push({ path: [name, index, 'toMm'], message: MESSAGES.rangeFromBeforeTo });
    const previous = ranges[index - 1];
    // Ascending and apart: the table reads top to bottom and a size finds one row.
    if (previous && range.fromMm <= previous.toMm) {
      issues.push({ path: [name, index, 'fromMm'], message: MESSAGES.rangesOverlap });
    }
  });
  return issues;
};

/**
 * What is wrong with a matrix, beyond the field types the contract checks: too many rows, ranges
 * that are empty, out of order or overlapping, door type names used twice, prices or costs of zero
 * or less, and cells that point at nothing. An empty list means the matrix can be saved.
 */
export const priceMatrixIssues = (matrix: PriceMatrix): PriceMatrixIssue[] => {
  const issues: PriceMatrixIssue[] = [];
  if (matrix.doorTypes.length > PRICE_MATRIX_LIMITS.doorTypes) {
    issues.push({
      path: ['doorTypes'],
      message: messageWithParams(MESSAGES.tooMany, { max: PRICE_MATRIX_LIMITS.doorTypes }),
    });
  }
  for (const name of ['doorTypes', 'widthRanges', 'heightRanges'] as const) {
    const ids = new Set<string>();
    matrix[name].forEach((row, index) => {
      if (ids.has(row.id)) issues.push({ path: [name, index, 'id'], message: MESSAGES.duplicateId });
      ids.add(row.id);
    });
  }
  // A name may not name two door types in the same language (reported once per field).
  const duplicateFields = new Set<string>();
  for (const locale of ['en', 'nb'] as const) {
    const seenNames = new Set<string>();
    matrix.doorTypes.forEach((type, index) => {
      const key = doorTypeName(type, locale).trim().toLocaleLowerCase('nb');
      const field = locale === 'nb' && type.nameNb.trim() !== '' ? 'nameNb' : 'name';
      if (seenNames.has(key) && !duplicateFields.has(`${index}.${field}`)) {
        duplicateFields.add(`${index}.${field}`);
        issues.push({ path: ['doorTypes', index, field], message: MESSAGES.duplicateName });
      }
      seenNames.add(key);
    });
  }
  issues.push(
    ...rangeIssues('widthRanges', matrix.widthRanges),
    ...rangeIssues('heightRanges', matrix.heightRanges),
  );
  const doorTypeIds = new Set(matrix.doorTypes.map((type) => type.id));
  const widthIds = new Set(matrix.widthRanges.map((range) => range.id));
  const heightIds = new Set(matrix.heightRanges.map((range) => range.id));
  const seenCells = new Set<string>();
  matrix.cells.forEach((cell, index) => {
    const key = `${cell.doorTypeId}|${cell.widthRangeId}|${cell.heightRangeId}`;
    const isKnown =
      doorTypeIds.has(cell.doorTypeId) &&
      widthIds.has(cell.widthRangeId) &&
      heightIds.has(cell.heightRangeId);
    if (!isKnown || seenCells.has(key))
      issues.push({ path: ['cells', index], message: MESSAGES.cellUnknown });
    seenCells.add(key);
    if (!(cell.price > 0)) issues.push({ path: ['cells', index, 'price'], message: MESSAGES.pricePositive });
    if (!(cell.cost > 0)) issues.push({ path: ['cells', index, 'cost'], message: MESSAGES.costPositive });
  });
  return issues;
};

/** "Inner door, 1000 × 2100 mm": the offer line's text, in the company's own door type name. */
export const priceLineDescription = (doorTypeName: string, widthMm: number, heightMm: number) =>
  `${doorTypeName}, ${widthMm} × ${heightMm} mm`;
