import { type ServiceItemChoiceDto, serviceItemLabel } from '@karm/domain/contract';
import { useServiceItemSearch } from '@/lib/api/service-items';
import {
  ServerSearchSelect,
  type ServerSearchSelectProps,
} from '../server-search-select/server-search-select';

export type ServiceItemSelectProps = Omit<
  ServerSearchSelectProps<ServiceItemChoiceDto>,
  'useChoices' | 'labelOf' | 'options'
>;

const choiceLabel = (item: ServiceItemChoiceDto) =>
  `${serviceItemLabel(item)} · ${item.projectName}${item.floor ? ` · ${item.floor}` : ''}`;

const useServiceItemChoices = (search: string) => useServiceItemSearch(search).data?.items ?? [];

/** A service item found on the server by project number or name, item name or floor. */
export const ServiceItemSelect = (props: ServiceItemSelectProps) => (
  <ServerSearchSelect
    {...props}
    labelOf={choiceLabel}
    useChoices={useServiceItemChoices}
    options={undefined}
  />
);
