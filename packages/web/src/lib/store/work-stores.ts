import { createPersistedStore } from './persisted';

/**
 * Stores that SPEC §9 keeps across reloads for the working screens (messages, planner, project
 * managers, project filters). Their features fill them; the shell only creates and clears them.
 */
type ListState<Item> = { items: Item[]; setItems: (items: Item[]) => void };

export type StoredMessage = { _id: string; message: string; isRead?: boolean };
export const useMessagesStore = createPersistedStore<ListState<StoredMessage>>('messages', (set) => ({
  items: [],
  setItems: (items) => set({ items }),
}));

export type PlannerCell = { employeeId: string; date: string; part?: string };
type PlannerSelection = { selectedCells: PlannerCell[]; setSelectedCells: (cells: PlannerCell[]) => void };
export const usePlannerSelectionStore = createPersistedStore<PlannerSelection>('planner', (set) => ({
  selectedCells: [],
  setSelectedCells: (selectedCells) => set({ selectedCells }),
}));

export type ProjectManager = { id: string; displayName: string };
export const useProjectManagersStore = createPersistedStore<ListState<ProjectManager>>(
  'project-managers',
  (set) => ({
    items: [],
    setItems: (items) => set({ items }),
  }),
);

type ProjectFiltersState = {
  filters: Record<string, unknown>;
  setFilters: (filters: Record<string, unknown>) => void;
};
export const useProjectFiltersStore = createPersistedStore<ProjectFiltersState>('project-filters', (set) => ({
  filters: {},
  setFilters: (filters) => set({ filters }),
}));

/** The calendar's layers the person switched on (issue 17); null until they first choose. */
type CalendarLayersState = { layers: string[] | null; setLayers: (layers: string[]) => void };
export const useCalendarLayersStore = createPersistedStore<CalendarLayersState>('calendar-layers', (set) => ({
  layers: null,
  setLayers: (layers) => set({ layers }),
}));
