import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('COURIER_TRACKING_URLS', () => {
  it('knows DTDC (the default courier), Blue Dart and India Post without any setting', () => {
    const { courierTrackingUrls } = loadConfig({}).delivery;
    expect(Object.keys(courierTrackingUrls)).toEqual(['DTDC', 'BLUE_DART', 'INDIA_POST']);
    for (const template of Object.values(courierTrackingUrls)) expect(template).toMatch(/^https:\/\/.*\{trackingId\}/);
  });

  it('adds couriers and replaces templates from JSON', () => {
    const { courierTrackingUrls } = loadConfig({
      COURIER_TRACKING_URLS: JSON.stringify({
        DELHIVERY: 'https://www.delhivery.com/track/package/{trackingId}',
        DTDC: 'https://tracking.example/dtdc/{trackingId}',
      }),
    }).delivery;
    expect(courierTrackingUrls).toMatchObject({
      DELHIVERY: 'https://www.delhivery.com/track/package/{trackingId}',
      DTDC: 'https://tracking.example/dtdc/{trackingId}',
      BLUE_DART: expect.any(String),
    });
  });

  it.each([
    ['not json', /must be JSON/],
    ['["https://x.example/{trackingId}"]', /JSON object/],
    ['{"delhivery":"https://x.example/{trackingId}"}', /not a courier code/],
    ['{"DELHIVERY":"https://x.example/track"}', /holding \{trackingId\}/],
    ['{"DELHIVERY":"javascript:alert(1)//{trackingId}"}', /http\(s\) address/],
  ])('refuses %s', (raw, message) => {
    expect(() => loadConfig({ COURIER_TRACKING_URLS: raw })).toThrow(message);
  });
});
