import type { CalendarEntryDto } from '@karm/domain/contract';
import { describe, expect, it } from 'vitest';
import { entryEvents, knownLayers, rangeOf, redDayEvents } from './calendar-events';

const delivery: CalendarEntryDto = {
  id: 'projectDelivery:p1',
  layer: 'projectDelivery',
  title: '1001 Skole',
  start: '2027-05-12',
  allDay: true,
  colour: '#1c7ed6',
  target: { type: 'project', id: 'p1' },
  version: 3,
};

describe('the calendar’s events', () => {
  it('asks the server for the last day shown, not FullCalendar’s exclusive end', () => {
    expect(rangeOf({ startStr: '2027-04-26', endStr: '2027-06-07' })).toEqual({
      from: '2027-04-26',
      to: '2027-06-06',
    });
  });

  it('lets only deliveries be dragged, and only for someone who may change projects', () => {
    const task = {
      ...delivery,
      id: 'tasks:t1',
      layer: 'tasks' as const,
      target: { type: 'task' as const, id: 't1' },
    };
    const titleOf = (entry: CalendarEntryDto) => entry.title;
    const [movable, fixed] = entryEvents([delivery, task], { mayMoveDeliveries: true, titleOf });
    expect(movable).toMatchObject({ editable: true, color: '#1c7ed6', start: '2027-05-12' });
    expect(fixed?.editable).toBe(false);
    expect(entryEvents([delivery], { mayMoveDeliveries: false, titleOf })[0]?.editable).toBe(false);
  });

  it('shades the red days of the range with their names, and lists them in the list view', () => {
    const may = redDayEvents({ from: '2027-05-01', to: '2027-05-31' }, (name) => name);
    expect(may.map((day) => [day.start, day.title])).toEqual([
      ['2027-05-01', 'labourDay'],
      ['2027-05-06', 'ascensionDay'],
      ['2027-05-16', 'whitSunday'],
      ['2027-05-17', 'constitutionDay · whitMonday'],
    ]);
    expect(may.every((day) => day.display === 'background')).toBe(true);
    const listed = redDayEvents({ from: '2027-05-17', to: '2027-05-17' }, (name) => name, true);
    expect(listed.map((day) => day.display)).toEqual(['auto']);
  });

  it('crosses a year end and forgets layers it no longer knows', () => {
    const turn = redDayEvents({ from: '2026-12-20', to: '2027-01-05' }, (name) => name);
    expect(turn.map((day) => day.start)).toEqual(['2026-12-25', '2026-12-26', '2027-01-01']);
    expect(knownLayers(['tasks', 'gone'])).toEqual(['tasks']);
    expect(knownLayers(null)).toContain('projectDelivery');
  });
});
