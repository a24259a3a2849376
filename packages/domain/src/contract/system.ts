export type HealthDto = { status: 'ok' | 'degraded'; db: 'ok' | 'down'; version: string; buildId: string };

/** Events the server pushes to clients (SPEC §7 "Server pushes"). */
export const SERVER_PUSHES = {
  notAuthorized: 'not-authorized',
  error: 'error',
  build: 'server:build',
  userUpdated: 'user:updated',
} as const;
