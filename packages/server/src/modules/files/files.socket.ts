import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import { listFiles, listUploaders } from './files-list';

export const fileEvents = socketModule({
  // Every member opens the Files screen; the list holds only the files their permissions let them read.
  'files:list': { access: SIGNED_IN, useCase: listFiles },
  'files:uploaders': { access: SIGNED_IN, useCase: (ctx, actor) => listUploaders(ctx, actor) },
});
