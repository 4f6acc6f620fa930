/**
 * Messages of API keys (Lectern's own: DESIGN §10's service callers). Square-bracket placeholders are
 * filled with fillMessage.
 */
export const API_KEY_MESSAGES = {
  created: "API key '[name]' was created. Copy it now: it will not be shown again.",
  revoked: "API key '[name]' was revoked: calls made with it are refused from now on.",
  alreadyRevoked: "API key '[name]' was revoked already: nothing changed.",
  notFound: 'We could not find that API key.',
  /** 401: an unknown, malformed or revoked key */
  invalid: 'This API key is not valid, or it was revoked. Ask a Lectern super admin for a new one.',
  /** 403: a valid key on a route it may not call */
  notAllowed: 'This API key may not make this call. Its scopes: [scopes].',
} as const;
