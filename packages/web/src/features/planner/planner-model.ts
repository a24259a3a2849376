import type {
  PlanCellDto,
  PlannerDto,
  PlannerEmployeeDto,
  PlannerProjectDto,
  PlannerServiceItemDto,
  PlanSuggestionDto,
  PlanSuggestionsPush,
  TaskDto,
} from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';

/**
 * The planner screen's view of `planner:get`: rows grouped by work group (only the groups the person
 * chose in their profile, every group when none), cells and tasks indexed by employee and day, and
 * the selection's geometry. Pure, so the screen, the print sheet and the tests share it.
 */

/** A cell is one employee on one day. */
export type CellRef = { employeeId: string; date: string };

export const cellKey = (employeeId: string, date: string) => `${employeeId}|${date}`;
export const cellOfKey = (key: string): CellRef => {
  const [employeeId = '', date = ''] = key.split('|');
  return { employeeId, date };
};

/** A row's cells by date; a missing date is an empty cell at version 0. */
export type RowCells = Readonly<Record<string, PlanCellDto>>;
/** A row's tasks by date. */
export type RowTasks = Readonly<Record<string, readonly TaskDto[]>>;
/** A row's suggested plans by date. */
export type RowSuggestions = Readonly<Record<string, readonly PlanSuggestionDto[]>>;

export type PlannerGroup = {
  /** Null: the employees in no work group. */
  key: string | null;
  label: string;
  employees: PlannerEmployeeDto[];
};

export type PlannerView = {
  groups: PlannerGroup[];
  /** The shown employees top to bottom: what a selection rectangle spans. */
  rows: PlannerEmployeeDto[];
  dates: string[];
  cellsOf: (employeeId: string) => RowCells;
  tasksOf: (employeeId: string) => RowTasks;
  suggestionsOf: (employeeId: string) => RowSuggestions;
  /** Tasks with no assignee, by date (a row of their own above the groups). */
  unassignedTasks: RowTasks;
};

/** Projects, tasks and service items by id, as cells name them; made once per change of a list. */
export type PlannerLookup = {
  projects: ReadonlyMap<string, PlannerProjectDto>;
  tasks: ReadonlyMap<string, TaskDto>;
  serviceItems: ReadonlyMap<string, PlannerServiceItemDto>;
};

export const lookupOf = (
  projects: readonly PlannerProjectDto[],
  tasks: readonly TaskDto[],
  serviceItems: readonly PlannerServiceItemDto[] = [],
): PlannerLookup => ({
  projects: new Map(projects.map((project) => [project.id, project])),
  tasks: new Map(tasks.map((task) => [task.id, task])),
  serviceItems: new Map(serviceItems.map((item) => [item.id, item])),
});

const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

const byEmployeeAndDate = <T>(
  items: readonly T[],
  employeeOf: (item: T) => string | null,
  dateOf: (item: T) => string,
) => {
  const index = new Map<string | null, Record<string, T[]>>();
  for (const item of items) {
    const employee = employeeOf(item);
    let row = index.get(employee);
    if (!row) {
      row = {};
      index.set(employee, row);
    }
    const date = dateOf(item);
    const day = row[date] ?? [];
    day.push(item);
    row[date] = day;
  }
  return index;
};

/**
 * The groups to show: the chosen ones that the company has (in the company's order), else all of
 * them and the employees in none.
 */
export const visibleGroupKeys = (planner: Pick<PlannerDto, 'workGroups'>, chosen: readonly string[]) => {
  const shown = planner.workGroups.map((group) => group.key).filter((key) => chosen.includes(key));
  return shown.length > 0 ? shown : [...planner.workGroups.map((group) => group.key), null];
};

export const buildPlannerView = (
  planner: PlannerDto,
  chosenGroups: readonly string[],
  locale: Locale,
  noGroupLabel: string,
): PlannerView => {
  const shownKeys = visibleGroupKeys(planner, chosenGroups);
  const labelOf = new Map(planner.workGroups.map((group) => [group.key, group.labels[locale]]));
  const groups: PlannerGroup[] = shownKeys.map((key) => ({
    key,
    label: key === null ? noGroupLabel : (labelOf.get(key) ?? key),
    employees: planner.employees.filter((employee) => employee.workGroup === key),
  }));
  const visible = groups.filter((group) => group.employees.length > 0);
  const cells = new Map<string, Record<string, PlanCellDto>>();
  for (const cell of planner.cells) {
    let row = cells.get(cell.employeeId);
    if (!row) {
      row = {};
      cells.set(cell.employeeId, row);
    }
    row[cell.date] = cell;
  }
  const tasks = byEmployeeAndDate(
    planner.tasks,
    (task) => task.assigneeId,
    (task) => task.date,
  );
  const suggestions = byEmployeeAndDate(
    planner.suggestions ?? [],
    (suggestion) => suggestion.employeeId,
    (suggestion) => suggestion.date,
  );
  return {
    groups: visible,
    rows: visible.flatMap((group) => group.employees),
    dates: planner.days.map((day) => day.date),
    cellsOf: (employeeId) => cells.get(employeeId) ?? EMPTY,
    tasksOf: (employeeId) => tasks.get(employeeId) ?? EMPTY,
    suggestionsOf: (employeeId) => suggestions.get(employeeId) ?? EMPTY,
    unassignedTasks: tasks.get(null) ?? EMPTY,
  };
};

/** The cells of the rectangle between two cells (rows and days in the shown order). */
export const rectangle = (
  view: Pick<PlannerView, 'rows' | 'dates'>,
  from: CellRef,
  to: CellRef,
): string[] => {
  const rowIndex = (id: string) => view.rows.findIndex((employee) => employee.id === id);
  const [rowA, rowB] = [rowIndex(from.employeeId), rowIndex(to.employeeId)];
  const [dayA, dayB] = [view.dates.indexOf(from.date), view.dates.indexOf(to.date)];
  if (rowA < 0 || rowB < 0 || dayA < 0 || dayB < 0) return [];
  const keys: string[] = [];
  for (let row = Math.min(rowA, rowB); row <= Math.max(rowA, rowB); row++) {
    for (let day = Math.min(dayA, dayB); day <= Math.max(dayA, dayB); day++) {
      keys.push(cellKey(view.rows[row]!.id, view.dates[day]!));
    }
  }
  return keys;
};

/** The cell one step away (arrow keys), or the same cell at an edge. */
export const neighbour = (
  view: Pick<PlannerView, 'rows' | 'dates'>,
  from: CellRef,
  step: { rows: number; days: number },
): CellRef => {
  const row = view.rows.findIndex((employee) => employee.id === from.employeeId);
  const day = view.dates.indexOf(from.date);
  const clamp = (value: number, length: number) => Math.min(Math.max(value, 0), length - 1);
  const nextRow = view.rows[clamp(row + step.rows, view.rows.length)];
  const nextDate = view.dates[clamp(day + step.days, view.dates.length)];
  return nextRow && nextDate ? { employeeId: nextRow.id, date: nextDate } : from;
};

/**
 * A push or an answer merged into a planner: cells of its employees and days replace older copies
 * (a cell's version only grows), tasks in its days and projects are added or replaced. Unchanged
 * cells keep their identity, so rows that did not change do not render again.
 */
export const mergeChange = (
  planner: PlannerDto,
  change: {
    cells: readonly PlanCellDto[];
    tasks?: readonly TaskDto[];
    projects?: readonly PlannerProjectDto[];
    serviceItems?: readonly PlannerServiceItemDto[];
  },
): PlannerDto => {
  const dates = new Set(planner.days.map((day) => day.date));
  const employees = new Set(planner.employees.map((employee) => employee.id));
  const incoming = new Map(
    change.cells
      .filter((cell) => dates.has(cell.date) && employees.has(cell.employeeId))
      .map((cell) => [cellKey(cell.employeeId, cell.date), cell]),
  );
  const incomingTasks = (change.tasks ?? []).filter((task) => dates.has(task.date));
  const incomingProjects = change.projects ?? [];
  const incomingItems = change.serviceItems ?? [];
  if (
    incoming.size === 0 &&
    incomingTasks.length === 0 &&
    incomingProjects.length === 0 &&
    incomingItems.length === 0
  )
    return planner;
  const cells = planner.cells.map((cell) => {
    const key = cellKey(cell.employeeId, cell.date);
    const fresh = incoming.get(key);
    if (!fresh) return cell;
    incoming.delete(key);
    return fresh.version >= cell.version ? fresh : cell;
  });
  const replaceById = <T extends { id: string }>(current: readonly T[], added: readonly T[]) => {
    if (added.length === 0) return current as T[];
    const byId = new Map(added.map((item) => [item.id, item]));
    return [
      ...current.map((item) => byId.get(item.id) ?? item),
      ...added.filter((item) => !current.some((existing) => existing.id === item.id)),
    ];
  };
  return {
    ...planner,
    cells: [...cells, ...incoming.values()],
    tasks: replaceById(planner.tasks, incomingTasks),
    projects: replaceById(planner.projects, incomingProjects),
    serviceItems: replaceById(planner.serviceItems ?? [], incomingItems),
  };
};

/** The cell as the planner holds it now: its version and bookings (0 and none when never booked). */
export const currentCell = (view: Pick<PlannerView, 'cellsOf'>, cell: CellRef): PlanCellDto =>
  view.cellsOf(cell.employeeId)[cell.date] ?? { ...cell, version: 0, bookings: [] };

/**
 * A suggestions push merged into a planner: the gone ones leave, new or moved ones replace their
 * older copy (a version only grows) when they fall in the fortnight, and leave it when moved out.
 */
export const mergeSuggestions = (planner: PlannerDto, push: PlanSuggestionsPush): PlannerDto => {
  const dates = new Set(planner.days.map((day) => day.date));
  const gone = new Set(push.removedIds);
  const incoming = new Map(push.suggestions.map((suggestion) => [suggestion.id, suggestion]));
  const current = planner.suggestions ?? [];
  if (gone.size === 0 && incoming.size === 0) return planner;
  const kept = current.flatMap((suggestion) => {
    if (gone.has(suggestion.id)) return [];
    const fresh = incoming.get(suggestion.id);
    incoming.delete(suggestion.id);
    if (!fresh || fresh.version < suggestion.version) return [suggestion];
    return dates.has(fresh.date) ? [fresh] : [];
  });
  const added = [...incoming.values()].filter(
    (suggestion) => dates.has(suggestion.date) && !gone.has(suggestion.id),
  );
  return { ...planner, suggestions: [...kept, ...added] };
};
