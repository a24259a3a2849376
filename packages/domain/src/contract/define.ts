import { z } from 'zod';

/**
 * A socket event's contract: the zod schema the server validates the payload with, and the type of
 * the result the acknowledgement carries. `result` exists only for the type system.
 */
export type SocketEventContract<Input extends z.ZodType, Result> = {
  input: Input;
  result: Result;
};

export const socketEvent =
  <Result>() =>
  <Input extends z.ZodType>(input: Input) =>
    ({ input, result: undefined as unknown as Result }) satisfies SocketEventContract<Input, Result>;

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/**
 * A patch schema from a create schema: every field optional and, unlike `.partial()` on fields with
 * defaults, a field left out stays out (zod would otherwise fill in its default and an update would
 * blank every field it did not mention).
 */
export const patchOf = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  z
    .object(
      Object.fromEntries(
        Object.entries(schema.shape).map(([key, field]) => [
          key,
          field instanceof z.ZodDefault ? field.unwrap() : field,
        ]),
      ) as { [Key in keyof Shape]: WithoutDefault<Shape[Key]> },
    )
    .partial();

/** An answer that names one record by its id: the one removed, or the one stored (a client's log line). */
export const idDtoSchema = z.object({ id: z.string() });
