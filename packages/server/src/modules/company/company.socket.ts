import type { SocketHandlers } from '../../platform/realtime/socket-handlers';
import { signedIn } from '../../platform/realtime/socket-handlers';
import { getCompanyInfo, updateCompany } from './company.service';

export const companySocketHandlers: SocketHandlers<'company:get-info' | 'company:update'> = {
  'company:get-info': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return getCompanyInfo(ctx, actor);
  },
  'company:update': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateCompany(ctx, actor, input);
  },
};
