import { socketModule } from '../../platform/realtime/socket-module';
import {
  getAccountingSettings,
  testAccountingConnection,
  updateAccountingSettings,
} from './settings.service';
import { listSyncRuns, startManualSync } from './sync-runs';

const MANAGE = 'accounting.manage';

export const accountingEvents = socketModule({
  'accounting:get-settings': { access: MANAGE, useCase: (ctx, actor) => getAccountingSettings(ctx, actor) },
  'accounting:update-settings': { access: MANAGE, useCase: updateAccountingSettings },
  'accounting:test-connection': {
    access: MANAGE,
    useCase: (ctx, actor) => testAccountingConnection(ctx, actor),
  },
  'accounting:sync-now': { access: MANAGE, useCase: startManualSync },
  'accounting:sync-runs': { access: MANAGE, useCase: listSyncRuns },
});
