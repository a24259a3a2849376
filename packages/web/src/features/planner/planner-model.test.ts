import { describe, expect, it } from 'vitest';
import { buildPlannerView, mergeChange, neighbour, rectangle, visibleGroupKeys } from './planner-model';
import { aCell, anEmployee, aPlanner, aTask } from './testing';

const ola = anEmployee('Ola', 'produksjon');
const kari = anEmployee('Kari', 'montasje');
const tove = anEmployee('Tove', null);
const planner = aPlanner(
  { year: 2026, week: 10 },
  {
    employees: [ola, kari, tove],
    cells: [aCell(ola, '2026-03-02', 2, []), aCell(kari, '2026-03-03', 1, [])],
  },
);
const view = buildPlannerView(planner, [], 'en', 'None');

describe('the planner’s view', () => {
  it('shows the chosen groups the company has, in its order; every group and the ungrouped without a choice', () => {
    expect(visibleGroupKeys(planner, ['montasje', 'produksjon', 'lager'])).toEqual([
      'produksjon',
      'montasje',
    ]);
    expect(visibleGroupKeys(planner, ['lager'])).toEqual([
      'produksjon',
      'montasje',
      'service',
      'admin',
      null,
    ]);
    expect(view.groups.map((group) => [group.label, group.employees.length])).toEqual([
      ['Production', 1],
      ['Installation', 1],
      ['None', 1],
    ]);
    expect(buildPlannerView(planner, ['montasje'], 'nb', 'Ingen').groups.map((group) => group.label)).toEqual(
      ['Montasje'],
    );
  });

  it('spans a rectangle of rows and days in the shown order, either way round', () => {
    const from = { employeeId: tove.id, date: '2026-03-04' };
    const to = { employeeId: ola.id, date: '2026-03-03' };
    expect(rectangle(view, from, to)).toEqual(rectangle(view, to, from));
    expect(rectangle(view, from, to)).toHaveLength(6);
    expect(rectangle(view, from, { employeeId: 'gone', date: '2026-03-03' })).toEqual([]);
  });

  it('moves a step at a time and stops at the edges', () => {
    expect(neighbour(view, { employeeId: ola.id, date: '2026-03-02' }, { rows: -1, days: -1 })).toEqual({
      employeeId: ola.id,
      date: '2026-03-02',
    });
    expect(neighbour(view, { employeeId: ola.id, date: '2026-03-15' }, { rows: 1, days: 1 })).toEqual({
      employeeId: kari.id,
      date: '2026-03-15',
    });
  });
});

describe('merging a change', () => {
  it('takes newer cells, keeps older ones out, leaves unchanged cells as they were', () => {
    const merged = mergeChange(planner, {
      cells: [
        aCell(ola, '2026-03-02', 1, [{ kind: 'absence', absence: 'sick', id: 's', quarters: 4 }]),
        aCell(kari, '2026-03-03', 2, [{ kind: 'absence', absence: 'course', id: 'c', quarters: 4 }]),
        aCell(tove, '2026-03-09', 1, []),
        // Outside the fortnight, or of someone not shown: not this planner's.
        aCell(ola, '2026-03-16', 1, []),
        aCell(anEmployee('Fremmed', null), '2026-03-02', 1, []),
      ],
      tasks: [aTask('Ring kunden', '2026-03-05'), aTask('Senere', '2026-04-01')],
    });
    expect(merged.cells[0]).toBe(planner.cells[0]);
    expect(merged.cells[1]?.version).toBe(2);
    expect(merged.cells.map((cell) => [cell.employeeId, cell.date])).toEqual([
      [ola.id, '2026-03-02'],
      [kari.id, '2026-03-03'],
      [tove.id, '2026-03-09'],
    ]);
    expect(merged.tasks.map((task) => task.name)).toEqual(['Ring kunden']);
    expect(mergeChange(planner, { cells: [] })).toBe(planner);
  });
});
