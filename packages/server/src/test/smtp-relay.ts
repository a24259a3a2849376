import { SMTPServer } from 'smtp-server';

export type RelayedMail = { to: string[]; raw: string };

/**
 * The company's SMTP relay, which this machine cannot reach, stood in for by a real SMTP server on
 * loopback: Karm sends over SMTP exactly as in production, and each mail received is handed to
 * `onMail` (recipients and the raw message) before the relay answers 250.
 */
export const startSmtpRelay = async (onMail: (mail: RelayedMail) => void | Promise<void>) => {
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        Promise.resolve(onMail({ to, raw: Buffer.concat(chunks).toString('utf8') })).then(
          () => callback(),
          callback,
        );
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
