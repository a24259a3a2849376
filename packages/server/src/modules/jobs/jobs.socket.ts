import { socketModule } from '../../platform/realtime/socket-module';
import { listJobs, retryJob } from './jobs.service';

export const jobEvents = socketModule({
  'jobs:list': { access: 'system.manage', useCase: listJobs },
  'jobs:retry': { access: 'system.manage', useCase: retryJob },
});
