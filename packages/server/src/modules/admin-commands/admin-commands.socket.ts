import { socketModule } from '../../platform/realtime/socket-module';
import { listAdminCommandRuns, listAdminCommands, runAdminCommand } from './admin-commands.service';

const ADMIN = 'system.manage';

export const adminCommandEvents = socketModule({
  'admin-commands:list': { access: ADMIN, useCase: (ctx, actor) => listAdminCommands(ctx, actor) },
  'admin-commands:list-runs': { access: ADMIN, useCase: listAdminCommandRuns },
  'admin-commands:run': { access: ADMIN, useCase: runAdminCommand },
});
