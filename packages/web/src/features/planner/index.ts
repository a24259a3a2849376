export { PlannerPage, type PlannerPageProps } from './planner-page';
export { WorkGroupMembers } from './work-group-members';
