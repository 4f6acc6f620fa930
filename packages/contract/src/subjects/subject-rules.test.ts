import { describe, expect, it } from 'vitest';
import { LOCKED_STATES, SUBJECT_TRANSITIONS, listingGroup, subjectAccess } from './subject-rules';

const people = { contentAdminId: 'ca1', contentDeveloperIds: ['cd1'], contentUploaderIds: ['cu1'] };

describe('subject rules', () => {
  it('groups the listing as DESIGN §6 says', () => {
    expect(listingGroup('IN_PROGRESS', false, 3)).toBe('UNASSIGNED');
    expect(listingGroup('IN_PROGRESS', true, 0)).toBe('NEWLY_ASSIGNED');
    expect(listingGroup('IN_PROGRESS', true, 1)).toBe('IN_PROGRESS');
    expect(listingGroup('FINISHED', false, 0)).toBe('FINISHED');
    expect(listingGroup('READY_TO_BE_PUBLISHED', true, 2)).toBe('READY_TO_BE_PUBLISHED');
    expect(listingGroup('PUBLISHED', true, 2)).toBe('PUBLISHED');
  });

  it('locks a subject under review and allows only the state machine moves', () => {
    expect(LOCKED_STATES).toEqual(['FINISHED', 'READY_TO_BE_PUBLISHED']);
    expect(SUBJECT_TRANSITIONS.sendForReview).toEqual({ from: ['IN_PROGRESS'], to: 'FINISHED' });
    expect(SUBJECT_TRANSITIONS.revert.from).toEqual(['FINISHED', 'READY_TO_BE_PUBLISHED']);
  });

  it('lets developers and uploaders reach only subjects they are assigned to', () => {
    expect(subjectAccess({ userId: 'cd1', roles: ['CONTENT_DEVELOPER'] }, people)).toMatchObject({
      view: true,
      edit: true,
      attach: true,
      manage: false,
      rename: false,
    });
    expect(subjectAccess({ userId: 'cd2', roles: ['CONTENT_DEVELOPER'] }, people)).toMatchObject({
      view: false,
      edit: false,
      attach: false,
    });
    expect(subjectAccess({ userId: 'cu1', roles: ['CONTENT_UPLOADER'] }, people)).toMatchObject({
      view: true,
      edit: false,
      attach: true,
    });
    expect(subjectAccess({ userId: 'cu1', roles: ['CONTENT_DEVELOPER'] }, people).view).toBe(false);
  });

  it('lets only the subject content admin or a SUPER_ADMIN rename', () => {
    expect(subjectAccess({ userId: 'ca1', roles: ['CONTENT_ADMIN'] }, people).rename).toBe(true);
    expect(subjectAccess({ userId: 'ca2', roles: ['CONTENT_ADMIN'] }, people)).toMatchObject({
      rename: false,
      manage: true,
      edit: true,
    });
    expect(subjectAccess({ userId: 'sa', roles: ['SUPER_ADMIN'] }, people).rename).toBe(true);
    expect(subjectAccess({ userId: 'f', roles: ['FINANCE'] }, people)).toEqual({
      view: false,
      edit: false,
      attach: false,
      manage: false,
      rename: false,
      review: false,
    });
  });
});
