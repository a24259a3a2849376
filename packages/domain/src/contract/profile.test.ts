import { describe, expect, it } from 'vitest';
import { currentProfileOf, userProfileSchema } from './profile';

describe('currentProfileOf', () => {
  it('reads an old single work group as a list of one and drops the old field', () => {
    expect(currentProfileOf({ theme: 'dark', plannerWorkGroup: 'montasje' })).toEqual({
      theme: 'dark',
      plannerWorkGroups: ['montasje'],
    });
  });

  it('keeps the list once there is one, and reads no group or an unknown one as none', () => {
    expect(currentProfileOf({ plannerWorkGroups: ['service'], plannerWorkGroup: 'admin' })).toEqual({
      plannerWorkGroups: ['service'],
    });
    expect(currentProfileOf({ plannerWorkGroup: null })).toEqual({ plannerWorkGroups: [] });
    expect(currentProfileOf({ plannerWorkGroup: 'lager' })).toEqual({ plannerWorkGroups: [] });
    expect(currentProfileOf({ locale: 'nb' })).toEqual({ locale: 'nb' });
  });
});

describe('userProfileSchema', () => {
  it('accepts the offered page sizes and each planner work group once', () => {
    expect(
      userProfileSchema.safeParse({ pageSize: 100, plannerWorkGroups: ['admin', 'service'] }).success,
    ).toBe(true);
    for (const profile of [
      { pageSize: 15 },
      { plannerWorkGroups: ['admin', 'admin'] },
      { avatarImage: 'x' },
    ]) {
      expect(userProfileSchema.safeParse(profile).success).toBe(false);
    }
  });
});
