import {
  PRICE_MATRIX_PUSHES,
  type PriceCalculationDto,
  type PriceMatrixDto,
  type priceCalculationSchema,
  type priceMatrixUpdateSchema,
} from '@karm/domain/contract';
import {
  doorTypeName,
  EMPTY_PRICE_MATRIX,
  normalisePriceMatrix,
  PRICE_MISS_FIELD,
  priceFromMatrix,
  priceLineDescription,
  VALIDATION_MESSAGE_KEYS,
} from '@karm/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { conflict, validationError } from '../../platform/errors';
import { findUserById } from '../auth/users.repository';
import { priceMatrices } from './price-calculator.tables';

type PriceMatrixRow = typeof priceMatrices.$inferSelect;

const findMatrixRow = async (db: Executor, companyId: string) => {
  const [row] = await db.select().from(priceMatrices).where(eq(priceMatrices.companyId, companyId));
  return row;
};

const toDto = async (db: Executor, row: PriceMatrixRow | undefined): Promise<PriceMatrixDto> => {
  if (!row) return { matrix: EMPTY_PRICE_MATRIX, version: 0, updatedAt: null, updatedBy: null };
  const user = row.updatedBy ? await findUserById(db, row.updatedBy) : undefined;
  return {
    matrix: normalisePriceMatrix(row.matrix),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: user ? { id: user.id, displayName: `${user.firstName} ${user.lastName}`.trim() } : null,
  };
};

/** The company's price matrix; a company that never saved one has an empty matrix at version 0. */
export const getPriceMatrix = async (ctx: AppContext, actor: Actor) =>
  toDto(ctx.db, await findMatrixRow(ctx.db, actor.companyId));

/**
 * Replaces the company's matrix (administrators only). The save states the version it read: 0 for
 * the first matrix, which only one of two racing first saves can create.
 */
export const updatePriceMatrix = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof priceMatrixUpdateSchema>,
): Promise<PriceMatrixDto> => {
  const now = ctx.clock.now();
  const stale = () => conflict('The price matrix was changed by someone else');
  const [row] =
    input.version === 0
      ? await ctx.db
          .insert(priceMatrices)
          .values({
            companyId: actor.companyId,
            matrix: input.matrix,
            updatedBy: actor.userId,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: priceMatrices.companyId })
          .returning()
      : await ctx.db
          .update(priceMatrices)
          .set({
            matrix: input.matrix,
            updatedBy: actor.userId,
            updatedAt: now,
            version: sql`${priceMatrices.version} + 1`,
          })
          .where(and(eq(priceMatrices.companyId, actor.companyId), eq(priceMatrices.version, input.version)))
          .returning();
  if (!row) throw stale();
  const dto = await toDto(ctx.db, row);
  ctx.realtime.toCompany(actor.companyId, PRICE_MATRIX_PUSHES.changed, dto);
  return dto;
};

/**
 * The price and cost of `count` doors of one type and size, with the offer line's text. A size the matrix
 * has no price for is a VALIDATION error naming the input field and the reason.
 */
export const calculatePrice = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof priceCalculationSchema>,
): Promise<PriceCalculationDto> => {
  const row = await findMatrixRow(ctx.db, actor.companyId);
  const found = priceFromMatrix(row ? normalisePriceMatrix(row.matrix) : EMPTY_PRICE_MATRIX, input);
  if (!found.isFound) {
    throw validationError(
      { [PRICE_MISS_FIELD[found.reason]]: VALIDATION_MESSAGE_KEYS[found.reason] },
      `No price: ${found.reason}`,
    );
  }
  return {
    unitPrice: found.price,
    unitCost: found.cost,
    description: priceLineDescription(
      doorTypeName(found.doorType, input.locale ?? 'en'),
      input.widthMm,
      input.heightMm,
    ),
    count: input.count,
    total: found.price * input.count,
  };
};

/** The demo companies start with a price list (seed only). */
export const seedPriceMatrix = (db: Executor, companyId: string, matrix: PriceMatrixRow['matrix']) =>
  db.insert(priceMatrices).values({ companyId, matrix });
