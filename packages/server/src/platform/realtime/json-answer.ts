/**
 * An event's answer as JSON text that is already made (the database built it): the gateway sends its
 * UTF-8 bytes as they are, and clients read them with the contract's `socketResultOf`. For a large
 * answer this saves parsing the text into objects only to encode them again (and socket.io walking
 * every value to look for binary data): for a 600-row service template, most of what the socket added
 * to the database's time. `Result` is the type the text holds, for the event tables' type checks.
 */
export class JsonAnswer<Result> {
  declare readonly result: Result;
  constructor(readonly text: string) {}
}

/** What the socket sends for a use case's result. */
export const toAck = (result: unknown) =>
  result instanceof JsonAnswer ? Buffer.from(result.text, 'utf8') : result;
