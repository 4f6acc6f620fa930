import { describe, expect, it } from 'vitest';
import { ZOOM_CSV } from '../test/fixtures';
import { readZoomCsv } from './zoom-csv';

describe("reading Zoom's participants CSV", () => {
  it('takes the rows under the participants header, India times as ISO, and names the rows it cannot read', async () => {
    const { sessions, rejected } = await readZoomCsv(ZOOM_CSV);
    expect(sessions).toEqual([
      {
        name: 'Ananya Sharma',
        email: 'ananya@example.com',
        registrantId: '',
        phone: '',
        joinTime: '2026-11-24T04:31:00.000Z',
        leaveTime: '2026-11-24T05:25:30.000Z',
      },
      {
        name: 'Rohan, phone',
        email: 'rohan.m@gmail.test',
        registrantId: '',
        phone: '',
        joinTime: '2026-11-24T04:35:00.000Z',
        leaveTime: '2026-11-24T05:25:00.000Z',
      },
    ]);
    // line 7 of the file
    expect(rejected).toEqual([
      { rowNumber: 7, reason: 'The join or leave time is missing or not a time Zoom writes.' },
    ]);
  });

  it('says when the file is not a participants report', async () => {
    expect(await readZoomCsv('name,mobile\nAsha,9876543210\n')).toEqual({
      sessions: [],
      rejected: [{ rowNumber: 1, reason: "No header with 'Join Time': this is not Zoom's participants report." }],
    });
  });
});
