import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * One logger for the process. Secrets never reach it: the redaction list covers every header
 * and field that can carry a password or token.
 */
export const createLogger = (level: string) =>
  pino({
    level,
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.confirmPassword',
        '*.token',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
  });
