import { describe, expect, it } from 'vitest';
import * as contract from './index';
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

  it('fills a [count|noun] placeholder with a real plural, never noun(s)', () => {
    expect(fillMessage(contract.DELIVERY_MESSAGES.processed, { count: 1 })).toBe('1 package processed.');
    expect(fillMessage(contract.DELIVERY_MESSAGES.processed, { count: 2 })).toBe('2 packages processed.');
    expect(fillMessage(MESSAGES.subjectsDeleted, { count: 1200 })).toBe('1,200 subjects deleted.');
    expect(fillMessage('[count|batch|batches] made', { count: 3 })).toBe('3 batches made');
    expect(fillMessage('[count|batch|batches] made', { count: 1 })).toBe('1 batch made');
    expect(fillMessage(contract.BATCH_MESSAGES.uploadDone, { added: 1, batchName: 'B', created: 0, skipped: 2 })).toBe(
      '1 student added to B (0 new); 2 rows left out.',
    );
    expect(
      fillMessage(contract.BATCH_MESSAGES.uploadDryRun, { added: 3, batchName: 'B', created: 1, skipped: 1 }),
    ).toBe('3 students would be added to B (1 new); 1 row would be left out.');
    // an unknown count placeholder stays as written
    expect(fillMessage('[count|video] copied.', {})).toBe('[count|video] copied.');
  });

  it("holds no 'noun(s)' in any message catalogue, but the spec's three texts that have no count", () => {
    const spec = new Set<string>([
      MESSAGES.pagePermission,
      MESSAGES.subjectDeleteForbidden,
      MESSAGES.categoryHasSubcategories,
    ]);
    const texts = Object.entries(contract)
      .filter(([name]) => /MESSAGES$|REASONS$|^ERROR_CODES$/.test(name))
      .flatMap(([, catalogue]) => Object.values(catalogue as Record<string, unknown>))
      .filter((text): text is string => typeof text === 'string');
    expect(texts.length).toBeGreaterThan(300);
    expect(texts.filter((text) => /[a-z]\((e?s|ies)\)/.test(text) && !spec.has(text))).toEqual([]);
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
