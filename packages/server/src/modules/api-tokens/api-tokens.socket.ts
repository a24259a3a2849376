import { socketModule } from '../../platform/realtime/socket-module';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';

/** API tokens are an administrator's business, beside the webhooks (issue 18). */
const ADMIN = 'system.manage';

export const apiTokenEvents = socketModule({
  'api-tokens:list': { access: ADMIN, useCase: (ctx, actor) => listApiTokens(ctx, actor) },
  'api-tokens:create': { access: ADMIN, useCase: createApiToken },
  'api-tokens:revoke': { access: ADMIN, useCase: revokeApiToken },
});
