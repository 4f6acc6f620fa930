import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES, fillMessage, mapError } from './errors';

describe('error catalogue', () => {
  it('has the exact texts of spec §8', () => {
    expect(MESSAGES.unauthorized).toBe('You are not authorized to take this action.');
    expect(MESSAGES.generic).toBe('Something went wrong. Please try again later.');
    expect(ERROR_CODES[1017]).toBe('Invalid Credentials');
    expect(ERROR_CODES[1029]).toBe('Subject update failed for invalid subjectId. Please try again later.');
    expect(MESSAGES.pagePermission).toBe("You don't have required permissions to access [pageName] page(s).");
    expect(MESSAGES.missingData).toBe('[critical] is absent for your selection.');
    expect(MESSAGES.subjectDeleteForbidden).toBe('You dont have permission to delete subject(s).');
    expect(MESSAGES.categoryHasSubcategories).toBe('You cannot delete a category with subcategory(s) in it.');
    expect(MESSAGES.navNoPermission).toBe('You dont have permission to access this page');
    expect(MESSAGES.defaultSuccess).toBe('Action performed successfully.');
    expect(MESSAGES.addressSaved).toBe('The address changes have been saved successfully!');
    expect(MESSAGES.orderCancelled).toBe('The Order has been cancelled successfully!');
  });

  it('fills [placeholders] and leaves unknown ones', () => {
    expect(fillMessage(MESSAGES.pagePermission, { pageName: 'User Management' })).toBe(
      "You don't have required permissions to access User Management page(s).",
    );
    expect(fillMessage(MESSAGES.notContentAdmin, { subjectName: 'Indian Polity' })).toBe(
      "You are not content admin for 'Indian Polity'. Only a content admin can update name of the subject.",
    );
    expect(fillMessage(MESSAGES.attachVideoFailed, { subTopicName: 'Aldol condensation' })).toBe(
      'Failed to attach video for Aldol condensation. Please try again later.',
    );
    expect(fillMessage(MESSAGES.missingData, {})).toBe('[critical] is absent for your selection.');
  });
});

describe('error mapping (spec §8)', () => {
  it('uses a custom message first, with placeholders filled', () => {
    const mapped = mapError(
      { status: 500, data: { errorCode: 1017, message: 'x' } },
      {
        hasToken: true,
        customMessage: "Failed to create subject '[subjectName]'. Please try again later.",
        values: { subjectName: 'Optics' },
      },
    );
    expect(mapped.message).toBe("Failed to create subject 'Optics'. Please try again later.");
  });

  it('uses the table entry of errorCode, else data.message, else the status entry', () => {
    expect(mapError({ status: 401, data: { errorCode: 1017, message: 'other' } }, { hasToken: false }).message).toBe(
      'Invalid Credentials',
    );
    expect(
      mapError({ status: 400, data: { errorCode: 9999, message: 'Server said so' } }, { hasToken: true }).message,
    ).toBe('Server said so');
    expect(mapError({ status: 409, data: { message: 'Conflict text' } }, { hasToken: true }).message).toBe(
      'Conflict text',
    );
    expect(mapError({ status: 403, data: {} }, { hasToken: true }).message).toBe(
      'You are not authorized to take this action.',
    );
    expect(mapError({ status: 404 }, { hasToken: true }).message).toBe('Something went wrong. Please try again later.');
    expect(mapError({ status: 500, data: 'html page' }, { hasToken: true }).message).toBe(
      'Something went wrong. Please try again later.',
    );
    expect(mapError({ status: 5000 }, { hasToken: true }).message).toBe(
      'Something went wrong. Please try again later.',
    );
  });

  it('gives the network-error message without a response', () => {
    expect(mapError({}, { hasToken: true })).toEqual({
      message: 'Something went wrong. Please try again later.',
      tokenInvalid: false,
    });
  });

  it('keeps the token on a 401 while one is held, unless the server flags the session invalid', () => {
    expect(mapError({ status: 401, data: { message: 'x' } }, { hasToken: true }).tokenInvalid).toBe(false);
    expect(mapError({ status: 401, data: { message: 'x', tokenInvalid: true } }, { hasToken: true }).tokenInvalid).toBe(
      true,
    );
    expect(mapError({ status: 401, data: { message: 'x' } }, { hasToken: false }).tokenInvalid).toBe(true);
    expect(mapError({ status: 403, data: {} }, { hasToken: false }).tokenInvalid).toBe(false);
  });
});
