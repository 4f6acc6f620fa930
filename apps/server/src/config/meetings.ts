import { z } from 'zod';
import { isHttpUrl, optionalText, text, textAsGiven } from './env';

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Meeting providers of live classes (docs/operations.md "Live classes: meetings"). */
export const meetingsSchema = z
  .object({
    JITSI_BASE_URLS: textAsGiven('https://meet.jit.si,https://jitsi.riot.im').transform((value, ctx) => {
      const urls = value
        .split(',')
        .map((u) => withoutTrailingSlash(u.trim()))
        .filter(Boolean);
      const bad = urls.find((url) => !/^https?:\/\/[^/\s]+/.test(url));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `: '${bad}' is not an http(s) address.` });
        return z.NEVER;
      }
      return urls;
    }),
    ZOOM_ACCOUNT_ID: optionalText(),
    ZOOM_CLIENT_ID: optionalText(),
    ZOOM_CLIENT_SECRET: optionalText(),
    ZOOM_WEBHOOK_SECRET_TOKEN: z
      .string()
      .optional()
      .transform((value) => value?.trim() || null),
    ZOOM_HOST_EMAIL: textAsGiven(''),
    ZOOM_API_BASE: text('https://api.zoom.us/v2').refine(isHttpUrl, {
      error: (issue) => `must be an http(s) address, got '${String(issue.input)}'`,
    }),
    ZOOM_OAUTH_BASE: text('https://zoom.us').refine(isHttpUrl, {
      error: (issue) => `must be an http(s) address, got '${String(issue.input)}'`,
    }),
  })
  .transform((env) => ({
    /** the Jitsi Meet servers of the embedded default (JITSI_BASE_URLS, comma-separated) */
    jitsiBaseUrls: env.JITSI_BASE_URLS,
    /** null unless ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET are all set */
    zoom:
      env.ZOOM_ACCOUNT_ID && env.ZOOM_CLIENT_ID && env.ZOOM_CLIENT_SECRET
        ? {
            accountId: env.ZOOM_ACCOUNT_ID,
            clientId: env.ZOOM_CLIENT_ID,
            clientSecret: env.ZOOM_CLIENT_SECRET,
            /** the app's webhook secret token: verifies x-zm-signature and answers URL validation */
            webhookSecret: env.ZOOM_WEBHOOK_SECRET_TOKEN ?? '',
            /** the host of meetings made for accounts that name none */
            hostEmail: env.ZOOM_HOST_EMAIL,
            /** https://api.zoom.us/v2 and https://zoom.us (tests point both at a fake on loopback) */
            apiBase: withoutTrailingSlash(env.ZOOM_API_BASE),
            oauthBase: withoutTrailingSlash(env.ZOOM_OAUTH_BASE),
          }
        : null,
    /** ZOOM_WEBHOOK_SECRET_TOKEN alone is enough to take Zoom's webhooks */
    zoomWebhookSecret: env.ZOOM_WEBHOOK_SECRET_TOKEN,
  }));

export type MeetingsConfig = z.output<typeof meetingsSchema>;
/** Zoom's Server-to-Server OAuth app: every value from the environment, never stored in the database. */
export type ZoomConfig = NonNullable<MeetingsConfig['zoom']>;
