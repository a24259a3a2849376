import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { usePlannerSelectionStore } from '@/lib/store/work-stores';
import { type CellRef, cellKey, cellOfKey, neighbour, type PlannerView, rectangle } from './planner-model';

/**
 * The planner's selection (SPEC §4 "cell selection toggles; multi-select is available"), kept in the
 * persisted, encrypted store (SPEC §9) so it survives a reload. Mouse: a click toggles a cell,
 * Shift-click adds the rectangle from the last cell, Ctrl/Cmd-click toggles without moving on, a drag
 * selects a rectangle; a tap on a phone toggles. Keyboard: arrows move the focus, Space toggles,
 * Shift+arrows grow the rectangle, Escape clears, Enter asks to book. The table handles every event
 * (cells carry only data attributes), so the cells stay cheap.
 */

const ARROWS: Record<string, { rows: number; days: number }> = {
  ArrowUp: { rows: -1, days: 0 },
  ArrowDown: { rows: 1, days: 0 },
  ArrowLeft: { rows: 0, days: -1 },
  ArrowRight: { rows: 0, days: 1 },
};

const selectedKeys = () =>
  new Set(
    usePlannerSelectionStore.getState().selectedCells.map((cell) => cellKey(cell.employeeId, cell.date)),
  );

const setSelected = (keys: Iterable<string>) =>
  usePlannerSelectionStore.getState().setSelectedCells([...new Set(keys)].map(cellOfKey));

const cellFrom = (target: EventTarget | null): CellRef | null => {
  const cell = target instanceof Element ? target.closest<HTMLElement>('td[data-date]') : null;
  const { employee, date } = cell?.dataset ?? {};
  return employee && date ? { employeeId: employee, date } : null;
};

const isSame = (a: CellRef | null, b: CellRef | null) =>
  a !== null && b !== null && a.employeeId === b.employeeId && a.date === b.date;

/** The selected cells of the shown fortnight, and per row the selected dates as one string. */
export const usePlannerSelection = (view: PlannerView | null) => {
  const selectedCells = usePlannerSelectionStore((state) => state.selectedCells);
  return useMemo(() => {
    const rows = new Set(view?.rows.map((employee) => employee.id));
    const dates = new Set(view?.dates);
    const shown = selectedCells.filter((cell) => rows.has(cell.employeeId) && dates.has(cell.date));
    const byRow = new Map<string, string>();
    for (const cell of [...shown].sort((a, b) => a.date.localeCompare(b.date))) {
      byRow.set(cell.employeeId, `${byRow.get(cell.employeeId) ?? ''}${cell.date} `);
    }
    return { cells: shown.map(({ employeeId, date }) => ({ employeeId, date })), byRow };
  }, [selectedCells, view]);
};

export const clearPlannerSelection = () => setSelected([]);

type Controller = {
  view: PlannerView | null;
  isSelectable: boolean;
  onEnter: () => void;
  setFocused: (cell: CellRef) => void;
  /** Whether the focus last moved by keyboard (the grid then scrolls the cell into view). */
  isKeyboardMove: boolean;
  /** Where a Shift-click or Shift+arrow rectangle starts, and the selection it adds to. */
  anchor: CellRef | null;
  base: ReadonlySet<string>;
  drag: { start: CellRef; base: ReadonlySet<string>; hasMoved: boolean } | null;
  isClickAfterDrag: boolean;
};

const setAnchor = (controller: Controller, cell: CellRef | null) => {
  controller.anchor = cell;
  controller.base = selectedKeys();
};

const toggle = (controller: Controller, cell: CellRef) => {
  const keys = selectedKeys();
  const key = cellKey(cell.employeeId, cell.date);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  setSelected(keys);
  setAnchor(controller, cell);
};

const extendTo = (controller: Controller, cell: CellRef) => {
  if (!controller.view) return;
  if (!controller.anchor) setAnchor(controller, cell);
  setSelected([...controller.base, ...rectangle(controller.view, controller.anchor ?? cell, cell)]);
};

/** The table's event handlers; they read the controller, so they never change and rows never re-render for them. */
const handlersOf = (controller: Controller) => ({
  onPointerDown: (event: PointerEvent<HTMLTableElement>) => {
    const cell = cellFrom(event.target);
    if (!cell || event.button !== 0) return;
    controller.isClickAfterDrag = false;
    controller.isKeyboardMove = false;
    // Dragging is for a mouse: on a touch screen the finger scrolls the grid.
    if (controller.isSelectable && event.pointerType === 'mouse') {
      // No text selection while dragging or Shift-clicking over the cells.
      event.preventDefault();
      if (!event.shiftKey) controller.drag = { start: cell, base: selectedKeys(), hasMoved: false };
    }
    controller.setFocused(cell);
  },
  onPointerOver: (event: PointerEvent<HTMLTableElement>) => {
    const { drag, view } = controller;
    const cell = cellFrom(event.target);
    if (!drag || !cell || !view) return;
    if (!drag.hasMoved && isSame(cell, drag.start)) return;
    drag.hasMoved = true;
    setSelected([...drag.base, ...rectangle(view, drag.start, cell)]);
    controller.setFocused(cell);
  },
  onClick: (event: MouseEvent<HTMLTableElement>) => {
    const cell = cellFrom(event.target);
    if (controller.isClickAfterDrag) {
      controller.isClickAfterDrag = false;
      return;
    }
    if (!cell || !controller.isSelectable) return;
    if (event.shiftKey && controller.anchor) extendTo(controller, cell);
    else toggle(controller, cell);
    controller.setFocused(cell);
  },
  onKeyDown: (event: KeyboardEvent<HTMLTableElement>) => {
    const { view, isSelectable } = controller;
    const from = cellFrom(event.target);
    if (!view || !from) return;
    const step = ARROWS[event.key];
    if (step || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const date = event.key === 'Home' ? view.dates[0] : event.key === 'End' ? view.dates.at(-1) : undefined;
      const to = step
        ? neighbour(view, from, step)
        : { employeeId: from.employeeId, date: date ?? from.date };
      if (isSelectable && event.shiftKey) {
        if (!controller.anchor) setAnchor(controller, from);
        extendTo(controller, to);
      } else if (!event.shiftKey) {
        setAnchor(controller, to);
      }
      controller.isKeyboardMove = true;
      controller.setFocused(to);
      return;
    }
    if (!isSelectable) return;
    if (event.key === ' ') {
      event.preventDefault();
      toggle(controller, from);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setSelected([]);
      setAnchor(controller, null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      controller.onEnter();
    }
  },
});

export const useGridInteraction = ({
  view,
  isSelectable,
  onEnter,
}: {
  view: PlannerView | null;
  isSelectable: boolean;
  /** Enter with cells selected: open the booking dialog. */
  onEnter: () => void;
}) => {
  const [focused, setFocused] = useState<CellRef | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [controller] = useState<Controller>(() => ({
    view,
    isSelectable,
    onEnter,
    setFocused,
    isKeyboardMove: false,
    anchor: null,
    base: new Set(),
    drag: null,
    isClickAfterDrag: false,
  }));
  controller.view = view;
  controller.isSelectable = isSelectable;
  controller.onEnter = onEnter;
  const [handlers] = useState(() => handlersOf(controller));

  // A drag ends wherever the button is let go, also outside the grid.
  useEffect(() => {
    const end = () => {
      const finished = controller.drag;
      controller.drag = null;
      if (!finished?.hasMoved) return;
      controller.anchor = finished.start;
      controller.base = selectedKeys();
      controller.isClickAfterDrag = true;
    };
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, [controller]);

  // The grid gives the focused cell the keyboard focus (it knows which rows are drawn).
  return { tableRef, focused, isKeyboardMove: () => controller.isKeyboardMove, handlers };
};
