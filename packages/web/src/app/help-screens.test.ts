import { HELP_SCREENS } from '@karm/domain/contract';
import { describe, expect, it } from 'vitest';
import { helpAdminHref, helpScreenOf } from './help-screens';
import { ROUTES, type RouteName } from './routes';

/** Routes without a help text of their own: outside the signed-in app, or sharing another's. */
const WITHOUT_OWN_HELP: RouteName[] = ['login', 'print', 'plannerWeek'];

describe('help screens', () => {
  it("are the signed-in routes of the route table, so server and web agree on every screen's key", () => {
    const routeNames = (Object.keys(ROUTES) as RouteName[]).filter(
      (name) => !WITHOUT_OWN_HELP.includes(name),
    );
    expect([...HELP_SCREENS].sort()).toEqual(routeNames.sort());
  });

  it('are found from a matched route id', () => {
    expect(helpScreenOf('projects')).toBe('projects');
    expect(helpScreenOf('service-project-details')).toBe('service-project-details');
    expect(helpScreenOf('plannerWeek')).toBe('planner');
    expect(helpScreenOf('login')).toBeNull();
    expect(helpScreenOf('notFound')).toBeNull();
    expect(helpScreenOf(undefined)).toBeNull();
  });

  it("lead an administrator to the screen's text in Admin → Help", () => {
    expect(helpAdminHref('priceCalculator')).toBe('/admin?tab=help&screen=priceCalculator');
  });
});
