import { employeeDtoSchema, SIGNED_IN } from '@karm/domain/contract';
import { z } from 'zod';
import { httpModule, route } from '../../platform/http/routes';
import { listServiceWorkers } from './employees.service';

export const employeesRoutes = httpModule('employees', [
  // SPEC §7: GET {host}/employee/service — the service workers, a pick list like the other employee lists.
  route({
    method: 'GET',
    url: '/employee/service',
    access: SIGNED_IN,
    schemas: { response: z.array(employeeDtoSchema) },
    useCase: (ctx, actor) => listServiceWorkers(ctx, actor),
  }),
]);
