import { z } from 'zod';

/** Paged answers are `{ items, total, page, pageSize }` (DESIGN rule 8). */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The schema of a paged answer of these items (the OpenAPI document's shape of `Page<T>`). */
export const pageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
