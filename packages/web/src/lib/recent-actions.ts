/**
 * What the person did just before an error, for "Send error to administrator": the last screens they
 * opened and the socket events they sent — names only, never payloads (they may hold anything).
 */
export type RecentAction = { kind: 'route' | 'event'; name: string; at: string };

export const RECENT_ACTIONS_KEPT = 20;

let recent: RecentAction[] = [];

export const recordRecentAction = (kind: RecentAction['kind'], name: string, now = new Date()) => {
  // A query string may carry a search term or a token: only the path is kept.
  const kept = kind === 'route' ? (name.split(/[?#]/)[0] ?? '') : name;
  recent = [...recent, { kind, name: kept.slice(0, 500), at: now.toISOString() }].slice(-RECENT_ACTIONS_KEPT);
};

/** Oldest first. */
export const recentActions = (): readonly RecentAction[] => recent;

/** For tests. */
export const clearRecentActions = () => {
  recent = [];
};
