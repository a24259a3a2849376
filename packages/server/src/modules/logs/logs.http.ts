import { clientLogInputSchema, idDtoSchema, SIGNED_IN } from '@karm/domain/contract';
import { httpModule, route } from '../../platform/http/routes';
import { storeClientLog } from './logs.service';

export const logsRoutes = httpModule('logs', [
  // SPEC §7 POST {host}/log: every signed-in client reports its errors.
  route({
    method: 'POST',
    url: '/log',
    access: SIGNED_IN,
    schemas: { body: clientLogInputSchema, response: idDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => storeClientLog(ctx, actor, body),
  }),
]);
