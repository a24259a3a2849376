import { appendFile } from 'node:fs/promises';
import { SMTPServer } from 'smtp-server';

/**
 * The company's SMTP relay, which this machine cannot reach, stood in for by a real SMTP server on
 * loopback: Karm sends its mail over SMTP as it would in production, and every mail received is
 * appended as one JSON line to `mailFile`, where the journeys read the links real users would get.
 */
export const startMailRelay = async (mailFile: string) => {
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        const raw = Buffer.concat(chunks).toString('utf8');
        appendFile(mailFile, `${JSON.stringify({ to, raw })}\n`).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
  const { port } = relay.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
};
