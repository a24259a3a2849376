import { socketModule } from '../../platform/realtime/socket-module';
import { getCapacity, getCapacityDetails } from './capacity.service';

/** The capacity screen and its info dialog (SPEC §2 /capacity): leaders, the office and readers. */
export const capacityEvents = socketModule({
  'capacity:get': { access: 'capacity.read', useCase: getCapacity },
  'capacity:details': { access: 'capacity.read', useCase: getCapacityDetails },
});
