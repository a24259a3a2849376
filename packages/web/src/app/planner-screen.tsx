import { PlannerPage } from '@/features/planner';
import { href, ROUTES } from './routes';

/** SPEC §2 /planner and /planner/:year/:week, with the app's addresses of weeks, print and profile. */
export const PlannerScreen = () => (
  <PlannerPage
    weekHref={({ year, week }) => href.plannerWeek(year, week)}
    printHref={({ year, week }) => href.plannerPrint(year, week)}
    profilePath={ROUTES.profile}
  />
);
