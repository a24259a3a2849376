import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import { globalSearch } from './search.service';

export const searchEvents = socketModule({
  // Everyone has the header's search; it looks only in what the user may read.
  'search:global': { access: SIGNED_IN, useCase: globalSearch },
});
