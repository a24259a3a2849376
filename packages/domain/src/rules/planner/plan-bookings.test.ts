import { describe, expect, it } from 'vitest';
import { withBooking, withoutSubject } from './plan-bookings';
import { PROJECT_COLOURS, projectColour } from './project-colour';

let next = 0;
const newId = () => `id${++next}`;

describe('a day’s bookings', () => {
  it('sets the length of a subject booked again rather than booking it twice', () => {
    const once = withBooking([], { kind: 'project', projectId: 'p' }, 2, newId);
    const again = withBooking(once, { kind: 'project', projectId: 'p' }, 4, newId);
    expect(again).toEqual([{ kind: 'project', projectId: 'p', id: once[0]?.id, quarters: 4 }]);
    const withAbsence = withBooking(again, { kind: 'absence', absence: 'sick' }, 1, newId);
    expect(withAbsence).toHaveLength(2);
    expect(withoutSubject(withAbsence, { kind: 'project', projectId: 'p' })).toEqual([withAbsence[1]]);
  });

  it('refuses a length that is not 1 to 4 quarters', () => {
    for (const bad of [0, 5, 1.5]) {
      expect(() => withBooking([], { kind: 'task', taskId: 't' }, bad, newId)).toThrow(RangeError);
    }
  });

  it('gives neighbouring project numbers different colours', () => {
    for (let number = 1000; number < 1100; number += 1) {
      expect(projectColour(number)).not.toBe(projectColour(number + 1));
      expect(PROJECT_COLOURS).toContain(projectColour(number));
    }
  });
});
