import { describe, expect, it } from 'vitest';
import { liveClass } from '../test/fixtures';
import { clashWarning, liveClassFormValues } from './live-class-form';

describe('the overlap warning before saving', () => {
  // Arjun's class at the time of Meera's, on the account Meera's class holds
  const other = liveClass('lc-other', 'Kinematics');
  const values = { ...liveClassFormValues(liveClass('lc-new', 'Optics')), teacherId: 'u-arjun' };
  const names = { teacherName: 'Arjun Pillai', accountName: 'Lectern Meet' };

  it('names a Zoom account that already holds a class then (a Zoom user holds one meeting at a time)', () => {
    const onZoom = { ...other, provider: 'ZOOM' as const, meetingAccountName: 'Zoom – Lectern Live' };
    expect(clashWarning(values, null, [onZoom], { ...names, accountProvider: 'ZOOM' })).toBe(
      "The meeting account 'Zoom – Lectern Live' is already used by 'Kinematics' from Tue, 1 Dec, 10:00 AM to 11:00 AM.",
    );
  });

  it('lets two classes share a Jitsi or typed-link account (each class has its own meeting)', () => {
    expect(clashWarning(values, null, [other], { ...names, accountProvider: 'JITSI' })).toBeNull();
    expect(clashWarning(values, null, [other], { ...names, accountProvider: 'LINK' })).toBeNull();
  });
});
