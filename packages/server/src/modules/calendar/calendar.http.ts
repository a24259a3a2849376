import { calendarEntriesDtoSchema, calendarQuerySchema } from '@karm/domain/contract';
import { httpModule, route } from '../../platform/http/routes';
import { calendarEntries } from './calendar.service';

/** GET /calendar (issue 17): the dated entries of the chosen layers in a range of at most 100 days. */
export const calendarRoutes = httpModule('calendar', [
  route({
    method: 'GET',
    url: '/calendar',
    access: 'calendar.read',
    schemas: { querystring: calendarQuerySchema, response: calendarEntriesDtoSchema },
    useCase: (ctx, actor, { query }) => calendarEntries(ctx, actor, query),
  }),
]);
