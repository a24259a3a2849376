import { socketModule } from '../../platform/realtime/socket-module';
import { acceptSuggestion, dismissSuggestion, moveSuggestion } from './plan-suggestions';
import { addPlan, getPlanner, removePlan } from './planner.service';
import { pushOffPlan } from './push-off.service';

/**
 * SPEC §7 planner:get, plan:add, plan:refresh, and clearing and pushing off cells. Everyone who plans
 * (`planner.write`) books; readers see all rows, a technician (`planner.read-own`) their own.
 */
const READ = ['planner.read', 'planner.read-own'] as const;

export const plannerEvents = socketModule({
  'planner:get': { access: READ, useCase: getPlanner },
  'plan:refresh': { access: READ, useCase: getPlanner },
  'plan:add': { access: 'planner.write', useCase: addPlan },
  'plan:remove': { access: 'planner.write', useCase: removePlan },
  'plan:push-off': { access: 'planner.write', useCase: pushOffPlan },
  'plan:suggestion-accept': { access: 'planner.write', useCase: acceptSuggestion },
  'plan:suggestion-move': { access: 'planner.write', useCase: moveSuggestion },
  'plan:suggestion-dismiss': { access: 'planner.write', useCase: dismissSuggestion },
});
