// Compile-time checks of the config types (run by tsc; vitest only sees that the file loads).
import { describe, expect, it } from 'vitest';
import type { ColumnConfig, TableConfig } from './types';

interface Video {
  videoId: number;
  name: string;
  size: number;
  tags: string[];
  uploadedAt: string;
  meta: { codec: string };
}

describe('config types', () => {
  it('accept well-typed columns and reject mappings of the wrong kind', () => {
    const columns: ColumnConfig<Video>[] = [
      { id: 'name', title: 'Name', dataMapping: 'name' },
      { id: 'size', title: 'Size', dataMapping: 'size', elementType: 'amount' },
      { id: 'tags', title: 'Tags', dataMapping: 'tags', elementType: 'chips' },
      { id: 'when', title: 'Uploaded', dataMapping: (row) => row.uploadedAt, elementType: 'date' },
      { id: 'codec', title: 'Codec', dataMapping: (row) => row.meta.codec },
      // @ts-expect-error an object is not text
      { id: 'meta', title: 'Meta', dataMapping: 'meta' },
      // @ts-expect-error chips need strings
      { id: 'bad', title: 'Bad', dataMapping: 'size', elementType: 'chips' },
      // @ts-expect-error a switch needs its onToggle
      { id: 'on', title: 'On', dataMapping: (row) => row.size > 0, elementType: 'switch' },
    ];
    const config: TableConfig<Video> = { columns, checkboxKeyMap: 'videoId', searchTextMap: ['name'] };
    // @ts-expect-error the row id must be a string or number field
    const wrongKey: TableConfig<Video> = { columns, checkboxKeyMap: 'tags' };
    expect(config.columns).toHaveLength(8);
    expect(wrongKey).toBeDefined();
  });
});
