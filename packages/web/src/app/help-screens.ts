import { type HelpScreen, isHelpScreen } from '@karm/domain/contract';
import { ROUTES } from './routes';

// Apart from routes.ts, which every page loads (/login too): only the signed-in frame needs these.

/**
 * The screen whose help the header's Help opens on a route (by the route's id, its name here): the
 * route's own, the planner's for its week view; none for /login, /print and a page that does not exist.
 */
export const helpScreenOf = (routeId: string | undefined): HelpScreen | null => {
  const name = routeId === 'plannerWeek' ? 'planner' : routeId;
  return isHelpScreen(name) ? name : null;
};

/** Admin → Help with one screen's text open: where an administrator writes that screen's help. */
export const helpAdminHref = (screen: HelpScreen) =>
  `${ROUTES.admin}?tab=help&screen=${encodeURIComponent(screen)}`;
