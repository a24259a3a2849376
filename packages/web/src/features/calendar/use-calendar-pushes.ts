import {
  CUSTOMER_PUSHES,
  INQUIRY_PUSHES,
  OFFER_PUSHES,
  PLAN_PUSHES,
  PROJECT_PUSHES,
  SERVICE_AGREEMENT_PUSHES,
  TASK_PUSHES,
} from '@karm/domain/contract';
import { calendarKeys } from '@/lib/api/calendar';
import { useRereadOnPushes } from '@/lib/use-reread-on-pushes';

/**
 * What the calendar shows is stored by other modules; when one of them tells the company something
 * changed, the open calendar reads its range again (DESIGN rule 7, no polling). A push does not say
 * which dates it touched, so the visible range is re-read whole — one request, answered from indexes.
 */
const PUSHES_THAT_MOVE_ENTRIES = [
  PLAN_PUSHES.added,
  PLAN_PUSHES.updated,
  PLAN_PUSHES.refreshed,
  TASK_PUSHES.changed,
  PROJECT_PUSHES.projectChanged,
  PROJECT_PUSHES.projectRemoved,
  PROJECT_PUSHES.processChanged,
  OFFER_PUSHES.offerChanged,
  INQUIRY_PUSHES.inquiryChanged,
  SERVICE_AGREEMENT_PUSHES.changed,
  // Birthdays come from the employees.
  CUSTOMER_PUSHES.employeesChanged,
] as const;

export const useCalendarPushes = () => useRereadOnPushes(calendarKeys.all, PUSHES_THAT_MOVE_ENTRIES);
