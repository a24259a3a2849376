import type { z } from 'zod';

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
