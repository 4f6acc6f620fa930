import { z } from 'zod';

/** The couriers known out of the box; COURIER_TRACKING_URLS (JSON) adds couriers or replaces these. */
export const DEFAULT_COURIER_TRACKING_URLS: Readonly<Record<string, string>> = {
  DTDC: 'https://www.dtdc.in/trace.asp?strCnno={trackingId}',
  BLUE_DART: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={trackingId}',
  INDIA_POST:
    'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignmentNumber={trackingId}',
};

/** COURIER_TRACKING_URLS: a JSON object of courier code -> https URL template holding {trackingId}. */
const courierTrackingUrls = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const urls: Record<string, string> = { ...DEFAULT_COURIER_TRACKING_URLS };
    if (!value?.trim()) return urls;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return refuse('must be JSON like {"DELHIVERY":"https://www.delhivery.com/track/package/{trackingId}"}.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return refuse('must be a JSON object of courier code to tracking URL.');
    }
    for (const [code, template] of Object.entries(parsed)) {
      if (!/^[A-Z][A-Z0-9_]{1,31}$/.test(code)) {
        return refuse(`: '${code}' is not a courier code (capitals, digits and _, like BLUE_DART).`);
      }
      if (typeof template !== 'string' || !/^https?:\/\//.test(template) || !template.includes('{trackingId}')) {
        return refuse(`: the URL of ${code} must be an http(s) address holding {trackingId}.`);
      }
      urls[code] = template;
    }
    return urls;
  });

/** Each courier's tracking page, `{trackingId}` standing for the consignment: trackerLink is built from it, never typed. */
export const deliverySchema = z.object({ COURIER_TRACKING_URLS: courierTrackingUrls }).transform((env) => ({
  /** courier code (DTDC, BLUE_DART ...) -> tracking URL template; DTDC is the default courier */
  courierTrackingUrls: env.COURIER_TRACKING_URLS,
}));

export type DeliveryConfig = z.output<typeof deliverySchema>;
