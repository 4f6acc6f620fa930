import { plural } from './format';

/**
 * The error catalogue of both specifications (§8), with their exact texts, plus the few messages
 * Lectern adds where the specifications are silent (marked "Lectern"; see docs/domains/platform.md "Messages").
 */
export const MESSAGES = {
  unauthorized: 'You are not authorized to take this action.',
  generic: 'Something went wrong. Please try again later.',
  invalidCredentials: 'Invalid Credentials',
  subjectUpdateInvalidId: 'Subject update failed for invalid subjectId. Please try again later.',
  // eslint-disable-next-line no-restricted-syntax -- spec §8's exact text; no count in it
  pagePermission: "You don't have required permissions to access [pageName] page(s).",
  missingData: '[critical] is absent for your selection.',
  navNoPermission: 'You dont have permission to access this page',
  defaultSuccess: 'Action performed successfully.',
  // subject and content failures
  subjectCreateFailed: "Failed to create subject '[subjectName]'. Please try again later.",
  subjectDeleteFailed: "Failed to delete subject '[subjectName]'. Please try again later.",
  subjectUpdateFailed: "Failed to update subject '[subjectName]'. Please try again later.",
  // eslint-disable-next-line no-restricted-syntax -- spec §8's exact text; no count in it
  subjectDeleteForbidden: 'You dont have permission to delete subject(s).',
  notContentAdmin:
    "You are not content admin for '[subjectName]'. Only a content admin can update name of the subject.",
  assigneesFetchFailed: "Failed to fetch assignees for subject '[subjectName]'.",
  unitsFetchFailed: "Failed to fetch units for subject '[subjectName]'.",
  /** wording not given by the spec: written in the subject pattern */
  unitCreateFailed: "Failed to create unit '[unitName]'. Please try again later.",
  unitDeleteFailed: "Failed to delete unit '[unitName]'. Please try again later.",
  unitUpdateFailed: "Failed to update unit '[unitName]'. Please try again later.",
  orderUpdateFailed: 'Failed to update [type]s order. Please try again later.',
  sendForReviewFailed: "Send for review failed for '[subjectName]'. Please try again later.",
  assigneeUpdateFailed: "Failed to update assignee for '[subjectName]'. Please try again later.",
  contentActionFailed: "Failed to [action] [type] '[name]'. Please try again later.",
  attachVideoFailed: 'Failed to attach video for [subTopicName]. Please try again later.',
  // eslint-disable-next-line no-restricted-syntax -- spec §8's exact text; no count in it
  categoryHasSubcategories: 'You cannot delete a category with subcategory(s) in it.',
  // students, subscriptions, orders and invoices (Lectern's wording; spec 2 §8 leaves them open)
  studentNotFound: 'No student found for [mobileNumber].',
  subscriptionGranted: "'[subscriptionLabel]' of '[catalogueName]' was granted to [studentName] until [endDate].",
  subscriptionExtended: "[studentName]'s '[subscriptionLabel]' now ends on [endDate].",
  subscriptionCancelled: "[studentName]'s '[subscriptionLabel]' was cancelled.",
  subscriptionAlreadyCancelled: "[studentName]'s '[subscriptionLabel]' is already cancelled.",
  subscriptionCancelledNoExtend: "[studentName]'s '[subscriptionLabel]' is cancelled and cannot be extended.",
  subscriptionExtendNotLater: 'The new end date ([endDate]) must be after the current end date ([currentEndDate]).',
  // legal terms (Lectern's wording; spec 2 §8 leaves them open)
  termsSaved: 'The terms were saved as version [version].',
  termsEmpty: 'The terms cannot be empty. Write the terms, then save.',
  termsTooLong: 'The terms may hold at most [max] characters.',
  termsUnchanged: 'These terms are the same as version [version]: there is nothing to save.',
  termsFirstMinor: 'The first version of the terms cannot be a minor change: no student has accepted any terms yet.',
  subscriptionArchivedCatalogue: "'[catalogueName]' is archived: its plans cannot be granted.",
  subscriptionPlanEnded: "'[subscriptionLabel]' of '[catalogueName]' ended on [endDate] and cannot be granted.",
  invoiceNotIssued: 'No invoice has been issued for order [orderId]: it is [status].',
  emailVerified: "[studentName]'s e-mail [email] is now verified.",
  emailAlreadyVerified: "[studentName]'s e-mail [email] was already verified.",
  emailMissing: '[studentName] has no e-mail address to verify.',
  verificationSent: 'A verification link was sent to [email].',
  verificationNotSent: 'The verification e-mail to [email] could not be sent: [reason]',
  verificationLinkInvalid: 'This verification link is not valid or has expired. Ask for a new one.',
  verificationLinkDone: 'Thank you, [studentName]: your e-mail [email] is verified.',
  catalogueHasSubscribers:
    "'[catalogueName]' has [count|student subscription] and cannot be deleted. Archive it instead.",
  // client messages
  dateRange: 'Select proper date range!',
  multipleFiles: 'Multiple Files not supported!',
  addressSaved: 'The address changes have been saved successfully!',
  orderCancelled: 'The Order has been cancelled successfully!',
  // Lectern's own, where the specifications are silent
  validation: 'Please check what you entered: [details].',
  notFound: 'We could not find [what]. It may have been deleted.',
  outOfSpace:
    'The server is out of disk space, so this was not saved. Ask your administrator to free some space, then try again.',
  staleVersion:
    'Someone else changed this [entity] while you were working on it. Reload to see their changes, then try again.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  otpExhausted: 'Too many wrong codes. Please request a new code.',
  otpSent: 'If [mobileNumber] belongs to an active staff account, a one-time code is on its way.',
  signedOut: 'You have been signed out.',
  userExists: 'A user with mobile number [mobileNumber] already exists.',
  userCreated: "User '[name]' was created.",
  userUpdated: "User '[name]' was updated.",
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  invalidSignature: 'This request could not be verified. Reload the page and try again.',
  subjectLocked: "'[subjectName]' is under review and cannot be edited until it is reverted.",
  subjectWrongState: "'[subjectName]' is [state] and cannot be [action].",
  sendForReviewEmpty: "Send for review failed for '[subjectName]'. Add at least one unit first.",
  attachNotTranscoded: 'Only transcoded videos can be attached to [subTopicName].',
  attachWrongSubject: 'That video belongs to another subject and cannot be attached to [subTopicName].',
  assigneeWrongRole: '[userName] is not an active [role] and cannot be assigned.',
  subjectCreated: "Subject '[subjectName]' was created.",
  subjectUpdated: "Subject '[subjectName]' was updated.",
  subjectsDeleted: '[count|subject] deleted.',
  sentForReview: "'[subjectName]' was sent for review.",
  subjectApproved: "'[subjectName]' was approved and is ready to be published.",
  subjectPublished: "'[subjectName]' was published.",
  subjectReverted: "'[subjectName]' was sent back to its content developers.",
  videoAttached: 'Video attached to [subTopicName].',
  videoDetached: 'Video removed from [subTopicName].',
  // catalogues, OTS and categories (Lectern's wording; spec 2 §8 leaves catalogue messages open)
  catalogueCreated: "Catalogue '[catalogueName]' was created.",
  catalogueUpdated: "Catalogue '[catalogueName]' was updated.",
  catalogueArchived: "Catalogue '[catalogueName]' was archived.",
  catalogueUnarchived: "Catalogue '[catalogueName]' was unarchived.",
  catalogueDeleted: "Catalogue '[catalogueName]' was deleted.",
  catalogueCodeTaken: "A catalogue with code '[catalogueCode]' already exists. Choose another code.",
  catalogueStoreListed:
    "'[catalogueName]' is listed in the store as '[storeListingName]' and cannot be deleted. Remove its store listing first, or archive it.",
  catalogueHasPreviewVideos:
    "'[catalogueName]' still has [count|preview video]. Move or delete them first, or archive the catalogue.",
  catalogueSubjectNotPublished:
    "'[subjectName]' is not published yet: only published subjects can be added to a catalogue.",
  catalogueFinanceReadOnly:
    'Finance staff may change only prices, subscriptions and OTS products. These fields are read-only for you: [fields].',
  catalogueSubscriptionUnknown: "Subscription [subscriptionId] does not belong to '[catalogueName]'.",
  catalogueAddOnUnknown: "Add-on [addOnId] does not belong to '[catalogueName]'.",
  catalogueEndDatePast: "The end date of subscription '[subscriptionLabel]' ([date]) is in the past.",
  cataloguePreviewVideoUnknown: 'Video [videoId] is not a preview video of any catalogue.',
  otsSaved: "One-time-sale products of '[subscriptionLabel]' were saved.",
  otsRowInvalid: 'Please check the one-time-sale products: [details].',
  categoryCreated: "Category '[categoryName]' was created.",
  categoryUpdated: "Category '[categoryName]' was updated.",
  categoryDeleted: "Category '[categoryName]' was deleted.",
  categoryOrderSaved: 'The order of the categories was saved.',
  categoryNameTaken: "A category named '[categoryName]' already exists.",
  categoryOrderMismatch: 'The order must list every category exactly once. Reload to see the current categories.',
  subCategoryUnknown: "Sub-category [subCategoryId] does not belong to '[categoryName]'.",
  subCategoryNameTwice: "'[subCategoryName]' appears twice in '[categoryName]'.",
  // store listings (Lectern's wording; spec 2 §8 leaves store-listing messages open)
  storeListingCreated: "Store listing '[storeListingName]' was created.",
  storeListingUpdated: "Store listing '[storeListingName]' was updated.",
  storeListingCodeTaken: "A store listing with code '[storeListingCode]' already exists. Choose another code.",
  storeListingSlugTaken: "The address /store/[slug] is already used by '[storeListingName]'. Choose another slug.",
  storeListingCatalogueListed:
    "'[catalogueName]' already has a store listing, '[storeListingName]'. Edit that listing instead.",
  storeListingCatalogueArchived: "'[catalogueName]' is archived and cannot be listed in the store.",
  storeListingSubscriptionUnknown: "Subscription [subscriptionId] is not a plan of '[catalogueName]'.",
  storeListingAddOnUnknown: "Add-on [addOnId] is not an add-on of '[catalogueName]'.",
  storeListingPreviewVideoUnknown: "Video [videoId] is not a transcoded preview video of '[catalogueName]'.",
  storeListingThumbnailUnknown: "The thumbnail chosen for '[title]' is not one of that video's generated thumbnails.",
  storeListingRecommendsItself: 'A store listing cannot recommend itself.',
  storeListingRecommendationUnknown: 'Store listing [storeListingId] does not exist, so it cannot be recommended.',
  storeListingRecommendationArchived: "'[storeListingName]' lists an archived catalogue and cannot be recommended.",
  storeListingTwice: '[what] appears twice in the store listing.',
  storeListingFaqEmpty: "The answer to '[question]' is empty once unsafe HTML is removed.",
  storeListingDeleted: "Store listing '[storeListingName]' was deleted.",
  storeListingPublished: "'[storeListingName]' is published in the store. Save it as a draft first, then delete it.",
  storeListingHasCoupons:
    "'[storeListingName]' is named by [count|coupon] ([coupons]). Take it out of them first, then delete it.",
  storeListingSlugInvalid:
    "No address can be made from the name '[storeListingName]'. Enter a slug in the SEO section.",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Numeric error codes whose message is fixed: the client shows the catalogue text for them. */
export const ERROR_CODES = {
  1017: MESSAGES.invalidCredentials,
  1018: MESSAGES.otpExhausted,
  1029: MESSAGES.subjectUpdateInvalidId,
  5000: MESSAGES.generic,
} as const satisfies Record<number, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Lectern's own machine-readable codes (beside the spec's numeric ones): the code a caller branches
 * on, and the catalogue message the server fills for a person to read. A stale version is answered
 * 409 with `errorCode: 'STALE_VERSION'` and the filled `staleVersion` sentence, so a screen never
 * has to compare message text to know that someone else saved first.
 */
export const APP_ERROR_CODES = {
  STALE_VERSION: 'staleVersion',
} as const satisfies Record<string, MessageKey>;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

/** The code a stale-version answer carries. */
export const STALE_VERSION: AppErrorCode = 'STALE_VERSION';

/** Messages by HTTP status (spec §8). */
export const STATUS_MESSAGES: Record<number, string> = {
  401: MESSAGES.unauthorized,
  403: MESSAGES.unauthorized,
  404: MESSAGES.generic,
  500: MESSAGES.generic,
  507: MESSAGES.outOfSpace,
};

export const NETWORK_ERROR_MESSAGE = MESSAGES.generic;

/**
 * Replaces every `[placeholder]` with its value; unknown placeholders are left as they are. A count
 * placeholder names its noun, `[count|package]` or `[count|class|classes]`, and is filled through
 * `plural` ('1 package', '2 packages'): a message never says 'package(s)'.
 */
export function fillMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(
    /\[([A-Za-z]+)(?:\|([^\]|]+)(?:\|([^\]|]+))?)?\]/g,
    (whole, key: string, one: string | undefined, many: string | undefined) => {
      if (!(key in values)) return whole;
      const value = values[key];
      return one === undefined ? String(value) : plural(Number(value), one, many);
    },
  );
}

/** What a failed call looked like, as far as the error mapper needs to know. */
export interface FailedCall {
  /** HTTP status; undefined for a network error */
  status?: number;
  /** the parsed response body, if any */
  data?: unknown;
}

export interface MappedError {
  message: string;
  /** true when the session must end: the token is flagged invalid and the user is sent to sign-in */
  tokenInvalid: boolean;
}

function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
}

/**
 * Spec §8 mapping: a custom message map wins (placeholders filled); else the catalogue entry of
 * data.errorCode, else data.message, else the entry for the HTTP status; a network error gives
 * the network-error message. A 401 while a token is held keeps the token valid, unless the server
 * flags the session itself as invalid (`tokenInvalid: true`: expired, signed out, user deactivated);
 * a 401 with no token held, or a flagged one, makes the client sign out to /auth/login.
 */
export function mapError(
  call: FailedCall,
  options: { hasToken: boolean; customMessage?: string; values?: Record<string, string | number> } = {
    hasToken: false,
  },
): MappedError {
  const tokenInvalid = call.status === 401 && (!options.hasToken || field(call.data, 'tokenInvalid') === true);
  if (options.customMessage) {
    return { message: fillMessage(options.customMessage, options.values), tokenInvalid };
  }
  if (call.status === undefined) return { message: NETWORK_ERROR_MESSAGE, tokenInvalid: false };
  const errorCode = field(call.data, 'errorCode');
  const dataMessage = field(call.data, 'message');
  if (errorCode !== undefined && errorCode !== null) {
    const entry = (ERROR_CODES as Record<string, string>)[String(errorCode)];
    if (entry) return { message: entry, tokenInvalid };
  }
  if (typeof dataMessage === 'string' && dataMessage.trim() !== '') return { message: dataMessage, tokenInvalid };
  return { message: STATUS_MESSAGES[call.status] ?? MESSAGES.generic, tokenInvalid };
}
