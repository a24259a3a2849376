import {
  type DoorType,
  findCell,
  PRICE_MATRIX_LIMITS,
  type PriceMatrix,
  type PriceMatrixIssue,
  parseMessage,
} from '@karm/domain/rules';

/**
 * Pure edits of a price matrix draft, so the editor stays a view. Removing a door type or range
 * removes its prices with it.
 */

export type RangeList = 'widthRanges' | 'heightRanges';

let idCounter = 0;
/** Row ids only need to be unique within the matrix. */
const newRowId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(idCounter++).toString(36)}`;

export const addDoorType = (matrix: PriceMatrix, name: string): PriceMatrix => ({
  ...matrix,
  doorTypes: [...matrix.doorTypes, { id: newRowId('d'), name, nameNb: '', isActive: true }],
});

/** Renames a door type (either language) or turns it on or off. */
export const changeDoorType = (
  matrix: PriceMatrix,
  id: string,
  change: Partial<Omit<DoorType, 'id'>>,
): PriceMatrix => ({
  ...matrix,
  doorTypes: matrix.doorTypes.map((type) => (type.id === id ? { ...type, ...change } : type)),
});

/** Moves a door type one place up (-1) or down (+1): the calculator offers them in this order. */
export const moveDoorType = (matrix: PriceMatrix, id: string, step: -1 | 1): PriceMatrix => {
  const from = matrix.doorTypes.findIndex((type) => type.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= matrix.doorTypes.length) return matrix;
  const doorTypes = [...matrix.doorTypes];
  const [moved] = doorTypes.splice(from, 1);
  if (moved) doorTypes.splice(to, 0, moved);
  return { ...matrix, doorTypes };
};

export const removeDoorType = (matrix: PriceMatrix, id: string): PriceMatrix => ({
  ...matrix,
  doorTypes: matrix.doorTypes.filter((type) => type.id !== id),
  cells: matrix.cells.filter((cell) => cell.doorTypeId !== id),
});

/** A new range continues after the last one, so the list stays ascending. */
export const addRange = (matrix: PriceMatrix, list: RangeList): PriceMatrix => {
  const last = matrix[list].at(-1);
  const fromMm = last ? Math.min(last.toMm + 1, PRICE_MATRIX_LIMITS.maxMm - 1) : 1;
  const toMm = Math.min(fromMm + 299, PRICE_MATRIX_LIMITS.maxMm);
  return { ...matrix, [list]: [...matrix[list], { id: newRowId(list[0] ?? 'r'), fromMm, toMm }] };
};

export const changeRange = (
  matrix: PriceMatrix,
  list: RangeList,
  id: string,
  change: { fromMm?: number; toMm?: number },
): PriceMatrix => ({
  ...matrix,
  [list]: matrix[list].map((range) => (range.id === id ? { ...range, ...change } : range)),
});

export const removeRange = (matrix: PriceMatrix, list: RangeList, id: string): PriceMatrix => {
  const key = list === 'widthRanges' ? 'widthRangeId' : 'heightRangeId';
  return {
    ...matrix,
    [list]: matrix[list].filter((range) => range.id !== id),
    cells: matrix.cells.filter((cell) => cell[key] !== id),
  };
};

type CellAt = { doorTypeId: string; widthRangeId: string; heightRangeId: string };

const cellAt = (matrix: PriceMatrix, at: CellAt) =>
  findCell(matrix, at.doorTypeId, at.widthRangeId, at.heightRangeId);

/**
 * Sets a cell's price in øre; null empties the cell ("not offered"). A new cell's cost is 0 until
 * entered, which the matrix's rules refuse, so nobody saves a door that seems to cost nothing.
 */
export const setPrice = (matrix: PriceMatrix, at: CellAt, price: number | null): PriceMatrix => {
  const current = cellAt(matrix, at);
  const others = matrix.cells.filter((cell) => cell !== current);
  return {
    ...matrix,
    cells: price === null ? others : [...others, { ...at, price, cost: current?.cost ?? 0 }],
  };
};

/** Sets a priced cell's cost in øre; an emptied cost is 0, to be entered again. */
export const setCost = (matrix: PriceMatrix, at: CellAt, cost: number | null): PriceMatrix => {
  const current = cellAt(matrix, at);
  if (!current) return matrix;
  return {
    ...matrix,
    cells: matrix.cells.map((cell) => (cell === current ? { ...cell, cost: cost ?? 0 } : cell)),
  };
};

/** The cell's margin as a whole percentage of its price, once both are entered. */
export const marginPercent = (cell: { price: number; cost: number } | undefined) =>
  cell && cell.price > 0 && cell.cost > 0 ? Math.round(((cell.price - cell.cost) / cell.price) * 100) : null;

/**
 * Issues by path, for showing beside the field: `doorTypes.0.name`, `widthRanges.1.fromMm`, and
 * prices and costs by their cell's ids (the cell list has no stable order) as
 * `price:<door>|<width>|<height>` and `cost:<door>|<width>|<height>`.
 */
export const issuesByField = (matrix: PriceMatrix, issues: PriceMatrixIssue[]) => {
  const fields = new Map<string, ReturnType<typeof parseMessage>>();
  for (const issue of issues) {
    const [list, index] = issue.path;
    const cell = list === 'cells' && typeof index === 'number' ? matrix.cells[index] : undefined;
    const kind = issue.path[2] === 'cost' ? 'cost' : 'price';
    const key = cell
      ? `${kind}:${cell.doorTypeId}|${cell.widthRangeId}|${cell.heightRangeId}`
      : issue.path.join('.');
    if (!fields.has(key)) fields.set(key, parseMessage(issue.message));
  }
  return fields;
};
