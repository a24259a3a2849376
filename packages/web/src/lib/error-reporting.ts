import { http } from './http';

export type ClientLogEntry = {
  action: string;
  message: string;
  level?: 'error' | 'warn' | 'info';
  data?: unknown;
  error?: { name: string; message: string; stack?: string };
};

const toErrorShape = (error: unknown): ClientLogEntry['error'] =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: 'Error', message: String(error) };

/** Stores a client-side failure on the server (`POST /api/log`, SPEC §7). Never throws. */
export const reportClientError = async (action: string, error: unknown, data?: unknown) => {
  try {
    const shape = toErrorShape(error);
    await http('/log', {
      method: 'POST',
      body: { action, message: shape?.message ?? 'Unknown error', level: 'error', data, error: shape },
    });
  } catch {
    // Logging must never cause a second failure; the console is the last resort.
    console.warn('Could not report client error', error);
  }
};
