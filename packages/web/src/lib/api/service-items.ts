import type { LookupDto, Page, ServiceItemChoiceDto } from '@karm/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../http';

/**
 * Service items as other screens pick them (the planner's book dialog, the service assignment):
 * found on the server by project number or name, item name or floor, one page at a time; and the
 * company's service workers (SPEC §7 GET employee/service).
 */

export const SERVICE_ITEM_PICKER_PAGE = 30;

export const useServiceItemSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: ['service-items', 'search', search],
    queryFn: () =>
      http<Page<ServiceItemChoiceDto>>('/service-project/service-items/search', {
        query: { page: 1, pageSize: SERVICE_ITEM_PICKER_PAGE, ...(search ? { search } : {}) },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useServiceWorkers = () =>
  useQuery({ queryKey: ['employees', 'service'], queryFn: () => http<LookupDto[]>('/employee/service') });
