// Type tests of the table config, compiled by `npm run typecheck` (tsc -b) with the rest of src, never
// executed: an expectation that no longer holds, or an @ts-expect-error whose line compiles, fails it.
import type { Money } from '@lectern/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { ColumnConfig, DataTableProps, ElementType, KeysOfType, ReorderEvent, RowId, TableConfig } from './types';

interface Video {
  videoId: number;
  name: string;
  size: number;
  price: Money;
  tags: string[];
  uploadedAt: string;
  meta: { codec: string };
}

describe('config types', () => {
  it('offer as row ids only the string and number fields', () => {
    expectTypeOf<KeysOfType<Video, RowId>>().toEqualTypeOf<'videoId' | 'name' | 'size' | 'price' | 'uploadedAt'>();
    expectTypeOf<TableConfig<Video>['checkboxKeyMap']>().toEqualTypeOf<
      'videoId' | 'name' | 'size' | 'price' | 'uploadedAt' | ((row: Video) => RowId)
    >();
    // @ts-expect-error the row id must be a string or number field
    const wrongKey: TableConfig<Video> = { columns: [], checkboxKeyMap: 'tags' };
    expectTypeOf(wrongKey).toEqualTypeOf<TableConfig<Video>>();
  });

  it('accept well-typed columns', () => {
    expectTypeOf({ id: 'name', title: 'Name', dataMapping: 'name' } as const).toExtend<ColumnConfig<Video>>();
    expectTypeOf({
      id: 'price',
      title: 'Price',
      dataMapping: 'price',
      elementType: 'amount',
    } as const).toExtend<ColumnConfig<Video>>();
    // A plain number (rupees, a count) is never shown as money: amounts are Money in paise.
    expectTypeOf({
      id: 'size',
      title: 'Size',
      dataMapping: 'size',
      elementType: 'amount',
    } as const).not.toExtend<ColumnConfig<Video>>();
    expectTypeOf({
      id: 'tags',
      title: 'Tags',
      dataMapping: 'tags',
      elementType: 'chips',
    } as const).toExtend<ColumnConfig<Video>>();
    expectTypeOf({
      id: 'when',
      title: 'Uploaded',
      dataMapping: (row: Video) => row.uploadedAt,
      elementType: 'date',
    } as const).toExtend<ColumnConfig<Video>>();
    expectTypeOf({
      id: 'on',
      title: 'On',
      dataMapping: (row: Video) => row.size > 0,
      elementType: 'switch',
      elementConfig: { onToggle: (_row: Video, _next: boolean) => undefined },
    } as const).toExtend<ColumnConfig<Video>>();
  });

  it('reject mappings of the wrong kind and kinds without their required options', () => {
    expectTypeOf({ id: 'meta', title: 'Meta', dataMapping: 'meta' } as const).not.toExtend<ColumnConfig<Video>>();
    expectTypeOf({
      id: 'bad',
      title: 'Bad',
      dataMapping: 'size',
      elementType: 'chips',
    } as const).not.toExtend<ColumnConfig<Video>>();
    const columns: ColumnConfig<Video>[] = [
      // @ts-expect-error an object is not text
      { id: 'meta', title: 'Meta', dataMapping: 'meta' },
      // @ts-expect-error a switch needs its onToggle
      { id: 'on', title: 'On', dataMapping: (row) => row.size > 0, elementType: 'switch' },
      // @ts-expect-error approve/decline reads no value
      {
        id: 'ok',
        title: 'OK',
        dataMapping: 'name',
        elementType: 'approveDecline',
        elementConfig: { onApprove: () => {}, onDecline: () => {} },
      },
    ];
    expectTypeOf(columns).toEqualTypeOf<ColumnConfig<Video>[]>();
  });

  it('name every cell kind', () => {
    expectTypeOf<ElementType>().toEqualTypeOf<
      | 'text'
      | 'chips'
      | 'dragIcon'
      | 'statusSpan'
      | 'statusLabel'
      | 'tag'
      | 'amount'
      | 'date'
      | 'id'
      | 'duration'
      | 'progress'
      | 'button'
      | 'switch'
      | 'approveDecline'
      | 'editableText'
      | 'infoText'
      | 'multiAction'
    >();
  });

  it('hand the callbacks typed rows', () => {
    expectTypeOf<DataTableProps<Video>['onReorder']>().toEqualTypeOf<
      ((event: ReorderEvent<Video>) => void) | undefined
    >();
    expectTypeOf<NonNullable<DataTableProps<Video>['onSelectionChange']>>().parameters.toEqualTypeOf<
      [RowId[], Video[]]
    >();
  });
});
