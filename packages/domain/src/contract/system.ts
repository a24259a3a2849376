import { z } from 'zod';

/** GET /api/health: whether the server and its database are up, and which build it runs. */
export const healthDtoSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  version: z.string(),
  buildId: z.string(),
});
export type HealthDto = z.output<typeof healthDtoSchema>;

/** Events the server pushes to clients (SPEC §7 "Server pushes"). */
export const SERVER_PUSHES = {
  notAuthorized: 'not-authorized',
  error: 'error',
  build: 'server:build',
  userUpdated: 'user:updated',
} as const;
