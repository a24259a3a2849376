import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import {
  addCollectionValue,
  deleteCollectionValue,
  getCollection,
  reorderCollection,
  updateCollectionValue,
} from './collections.service';

/**
 * Everyone signed in reads the lists (every form's selects show them). Changing one needs the
 * settings permission of its admin tab: `sales.settings` for the inquiry tab's lists,
 * `projects.settings` for the projects tab's, `planner.settings` for the work groups
 * (contract/collections.ts); the gateway admits any of them,
 * the use case checks the one the named list needs.
 */
const EDIT = ['sales.settings', 'projects.settings', 'planner.settings'] as const;

export const collectionEvents = socketModule({
  'collection:get': { access: SIGNED_IN, useCase: getCollection },
  'collection:add': { access: EDIT, useCase: addCollectionValue },
  'collection:upd': { access: EDIT, useCase: updateCollectionValue },
  'collection:del': { access: EDIT, useCase: deleteCollectionValue },
  'collection:reorder': { access: EDIT, useCase: reorderCollection },
});
