import crypto from 'node:crypto';

// Zoom's webhook requests (its "verify webhook events" rules): x-zm-signature is
// 'v0=' + hex HMAC-SHA256 of `v0:{x-zm-request-timestamp}:{raw body}` with the app's secret token,
// and the URL-validation challenge is answered with the HMAC of its plainToken.

/** How far a request's timestamp may be from our clock (a replayed request is refused). */
export const ZOOM_WEBHOOK_WINDOW_SECONDS = 300;

export function zoomSignature(secret: string, timestamp: string, rawBody: string): string {
  return `v0=${crypto.createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

/** True when the signature is the secret's and the timestamp (seconds) is recent. */
export function verifyZoomSignature(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  rawBody: string,
  nowMs = Date.now(),
): boolean {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{1,13}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > ZOOM_WEBHOOK_WINDOW_SECONDS) return false;
  const expected = Buffer.from(zoomSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** The answer to endpoint.url_validation. */
export function zoomUrlValidation(secret: string, plainToken: string): { plainToken: string; encryptedToken: string } {
  return { plainToken, encryptedToken: crypto.createHmac('sha256', secret).update(plainToken).digest('hex') };
}

/**
 * How long an event's identity is kept: Zoom sends an unanswered event again after 5, 25 and 85
 * minutes (each retry newly timestamped and signed), so a day covers every retry.
 */
export const ZOOM_EVENT_KEEP_MS = 24 * 3_600_000;

/**
 * An event's identity (Zoom's webhooks carry no event id): its type, when it happened (event_ts) and
 * the object it is about (meeting id and instance uuid). Zoom's retries of one event share it; a
 * replay of a signed request has it too.
 */
export function zoomEventKey(body: { event: string; event_ts?: unknown; payload: Record<string, unknown> }): string {
  const object = (body.payload.object ?? {}) as { id?: unknown; uuid?: unknown };
  const identity = JSON.stringify([body.event, body.event_ts ?? null, object.id ?? null, object.uuid ?? null]);
  return `zoom-event:${crypto.createHash('sha256').update(identity).digest('hex')}`;
}
