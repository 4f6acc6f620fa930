import { describe, expect, it } from 'vitest';
import {
  addOtsRow,
  deleteOtsRow,
  editOtsRow,
  otsDraftChanged,
  planOtsUpdate,
  type OtsDraftRow,
  type OtsPlanRow,
} from './ots-rules';

const saved = (key: string, status: OtsDraftRow['status'] = 'CREATED'): OtsDraftRow => ({
  key,
  otsId: key,
  productLabel: `Label ${key}`,
  packageCode: `PKG-${key}`,
  groupCode: 'GRP',
  status,
});

describe('OTS rows in the editor (spec 2 §4)', () => {
  const cases: {
    rule: string;
    start: OtsDraftRow[];
    act: (rows: OtsDraftRow[]) => OtsDraftRow[];
    expected: { key: string; status: string }[];
  }[] = [
    {
      rule: 'a new row is CREATED',
      start: [saved('a')],
      act: (rows) => addOtsRow(rows, 'new-1'),
      expected: [
        { key: 'a', status: 'CREATED' },
        { key: 'new-1', status: 'CREATED' },
      ],
    },
    {
      rule: 'editing a saved row makes it UPDATED',
      start: [saved('a')],
      act: (rows) => editOtsRow(rows, 'a', { productLabel: 'Printed notes' }),
      expected: [{ key: 'a', status: 'UPDATED' }],
    },
    {
      rule: 'editing a new row leaves it CREATED',
      start: [],
      act: (rows) => editOtsRow(addOtsRow(rows, 'n'), 'n', { packageCode: 'X1' }),
      expected: [{ key: 'n', status: 'CREATED' }],
    },
    {
      rule: 'deleting a new row removes it outright',
      start: [saved('a')],
      act: (rows) => deleteOtsRow(addOtsRow(rows, 'n'), 'n'),
      expected: [{ key: 'a', status: 'CREATED' }],
    },
    {
      rule: 'deleting a saved row marks it DELETED',
      start: [saved('a'), saved('b', 'UPDATED')],
      act: (rows) => deleteOtsRow(rows, 'b'),
      expected: [
        { key: 'a', status: 'CREATED' },
        { key: 'b', status: 'DELETED' },
      ],
    },
    {
      rule: 'a DELETED row is not edited back to life by an edit',
      start: [saved('a')],
      act: (rows) => editOtsRow(deleteOtsRow(rows, 'a'), 'a', { groupCode: 'Z' }),
      expected: [{ key: 'a', status: 'DELETED' }],
    },
  ];
  it.each(cases)('$rule', ({ start, act, expected }) => {
    expect(act(start).map(({ key, status }) => ({ key, status }))).toEqual(expected);
  });

  it('knows when the draft differs from the saved copy (discard returns to it)', () => {
    const rows = [saved('a'), saved('b')];
    expect(otsDraftChanged(rows, rows)).toBe(false);
    expect(otsDraftChanged(rows, editOtsRow(rows, 'a', { productLabel: 'x' }))).toBe(true);
    expect(otsDraftChanged(rows, deleteOtsRow(rows, 'b'))).toBe(true);
    expect(otsDraftChanged(rows, addOtsRow(rows, 'n'))).toBe(true);
  });
});

describe('planOtsUpdate (the server side of the same rules)', () => {
  const fields = { productLabel: 'Notes', packageCode: 'P1', groupCode: 'G1' };
  const existing = new Set(['ots-1', 'ots-2']);
  const cases: { rule: string; rows: OtsPlanRow[]; plan: Record<string, unknown> }[] = [
    {
      rule: 'CREATED rows without an id are inserted',
      rows: [{ ...fields, status: 'CREATED' }],
      plan: { insert: [fields], update: [], remove: [], errors: [] },
    },
    {
      rule: 'UPDATED rows are changed',
      rows: [{ ...fields, otsId: 'ots-1', status: 'UPDATED' }],
      plan: { insert: [], update: [{ otsId: 'ots-1', ...fields }], remove: [], errors: [] },
    },
    {
      rule: 'DELETED rows are removed',
      rows: [{ ...fields, otsId: 'ots-2', status: 'DELETED' }],
      plan: { insert: [], update: [], remove: ['ots-2'], errors: [] },
    },
    {
      rule: "an id of another subscription's row is refused, naming the field",
      rows: [{ ...fields, otsId: 'ots-9', status: 'UPDATED' }],
      plan: {
        insert: [],
        update: [],
        remove: [],
        errors: [{ path: 'otsList.0.otsId', message: 'ots-9 is not a product of this subscription' }],
      },
    },
    {
      rule: 'an UPDATED or DELETED row without an id is refused',
      rows: [{ ...fields, status: 'DELETED' }],
      plan: {
        insert: [],
        update: [],
        remove: [],
        errors: [{ path: 'otsList.0.otsId', message: 'a DELETED row needs the id of a saved row' }],
      },
    },
    {
      rule: 'an id listed twice is refused',
      rows: [
        { ...fields, otsId: 'ots-1', status: 'UPDATED' },
        { ...fields, otsId: 'ots-1', status: 'DELETED' },
      ],
      plan: {
        insert: [],
        update: [{ otsId: 'ots-1', ...fields }],
        remove: [],
        errors: [{ path: 'otsList.1.otsId', message: 'ots-1 is listed twice' }],
      },
    },
  ];
  it.each(cases)('$rule', ({ rows, plan }) => {
    expect(planOtsUpdate(existing, rows)).toEqual(plan);
  });
});
