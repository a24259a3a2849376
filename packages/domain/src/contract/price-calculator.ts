import { z } from 'zod';
import { LOCALES } from '../i18n/index';
import { PRICE_MATRIX_LIMITS as LIMITS, type PriceMatrix, priceMatrixIssues } from '../rules/price-matrix';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';

const rowId = z.string().trim().min(1).max(64);
const millimetres = z.number().int().min(1).max(LIMITS.maxMm);

const doorTypeName = z
  .string()
  .trim()
  .max(LIMITS.nameLength, messageWithParams(MESSAGES.tooLong, { max: LIMITS.nameLength }));
const doorTypeSchema = z.object({
  id: rowId,
  name: doorTypeName.min(1, MESSAGES.required),
  /** Empty: the name serves Norwegian too. Older clients leave it out. */
  nameNb: doorTypeName.default(''),
  isActive: z.boolean().default(true),
});
const sizeRangeSchema = z.object({ id: rowId, fromMm: millimetres, toMm: millimetres });
const priceCellSchema = z.object({
  doorTypeId: rowId,
  widthRangeId: rowId,
  heightRangeId: rowId,
  price: z.number().int().max(LIMITS.maxPrice),
  cost: z.number().int().max(LIMITS.maxPrice),
});

/** A whole matrix as an admin saves it; the rule's issues become field errors at their paths. */
export const priceMatrixSchema = z
  .object({
    // The array caps are generous guards against huge payloads; the rule reports the real limits.
    doorTypes: z.array(doorTypeSchema).max(LIMITS.doorTypes * 2),
    widthRanges: z.array(sizeRangeSchema).max(LIMITS.ranges * 2),
    heightRanges: z.array(sizeRangeSchema).max(LIMITS.ranges * 2),
    cells: z.array(priceCellSchema).max(LIMITS.doorTypes * LIMITS.ranges * LIMITS.ranges),
  })
  .superRefine((matrix, context) => {
    for (const issue of priceMatrixIssues(matrix)) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  }) satisfies z.ZodType<PriceMatrix>;

export type PriceMatrixDto = {
  matrix: PriceMatrix;
  /** 0 while the company has never saved a matrix; the first save states 0. */
  version: number;
  updatedAt: string | null;
  updatedBy: { id: string; displayName: string } | null;
};

export const priceMatrixUpdateSchema = z.object({
  version: z.number().int().min(0),
  matrix: priceMatrixSchema,
});

export const priceCalculationSchema = z.object({
  doorTypeId: rowId,
  widthMm: millimetres,
  heightMm: millimetres,
  count: z.number().int().min(1, MESSAGES.quantityRequired).max(10_000),
  /** The language of the offer line's text (the door type's name in it); English when left out. */
  locale: z.enum(LOCALES).optional(),
});

export type PriceCalculationDto = {
  /** One door, in øre. */
  unitPrice: number;
  /** What one door costs the company, in øre: the offer line's cost price. */
  unitCost: number;
  /** The offer line's text, e.g. "Inner door, 1000 × 2100 mm". */
  description: string;
  count: number;
  /** count × unit price, in øre. */
  total: number;
};

export const PRICE_MATRIX_PUSHES = { changed: 'price-matrix:changed' } as const;

export const priceCalculatorEvents = {
  'price-matrix:get': socketEvent<PriceMatrixDto>()(z.unknown()),
  'price-matrix:update': socketEvent<PriceMatrixDto>()(priceMatrixUpdateSchema),
  'price-calculator:calculate': socketEvent<PriceCalculationDto>()(priceCalculationSchema),
};
