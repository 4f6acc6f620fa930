import type { Role } from './roles';

/**
 * The permission table of DESIGN §5 as data. An empty list means every signed-in user.
 * A check passes when the user holds any allowed role, or when none is required.
 */
export const PERMISSIONS = {
  /** overview, notifications, own profile */
  signedIn: [],
  subjectView: ['SUPER_ADMIN', 'CONTENT_ADMIN', 'CONTENT_DEVELOPER', 'CONTENT_UPLOADER'],
  /** subject create, delete, assign people, rename */
  subjectManage: ['SUPER_ADMIN', 'CONTENT_ADMIN'],
  /** units/topics/subtopics edit and reorder, send for review */
  subjectEdit: ['SUPER_ADMIN', 'CONTENT_ADMIN', 'CONTENT_DEVELOPER'],
  /** attach videos, uploads, file explorer */
  videoAttach: ['SUPER_ADMIN', 'CONTENT_ADMIN', 'CONTENT_DEVELOPER', 'CONTENT_UPLOADER'],
  subjectReview: ['SUPER_ADMIN', 'CONTENT_ADMIN'],
  transcoding: ['SUPER_ADMIN', 'CONTENT_ADMIN', 'CONTENT_UPLOADER'],
  publisher: ['SUPER_ADMIN', 'CONTENT_ADMIN'],
  /** prices, subscriptions and OTS: FINANCE may edit these too */
  publisherPricing: ['SUPER_ADMIN', 'CONTENT_ADMIN', 'FINANCE'],
  /** coupons, delivery management, student management */
  commerce: ['SUPER_ADMIN', 'FINANCE'],
  /** legal (terms), student updates */
  legal: ['SUPER_ADMIN', 'CONTENT_ADMIN'],
  studentUpdates: ['SUPER_ADMIN', 'CONTENT_ADMIN'],
  batches: ['SUPER_ADMIN', 'CONTENT_ADMIN', 'FINANCE'],
  /**
   * students read by id (POST /students/student/byStudentIds): commerce and batch management; the
   * server answers batch staff who are not commerce staff only students who are in a batch
   */
  studentDirectory: ['SUPER_ADMIN', 'CONTENT_ADMIN', 'FINANCE'],
  /** live classes (all) and insights; INSTRUCTOR for their own classes */
  liveClasses: ['SUPER_ADMIN', 'CONTENT_ADMIN', 'INSTRUCTOR'],
  /** scheduling, showing and hiding, recordings, attendance imports, subjects and chapters: admins */
  liveClassManage: ['SUPER_ADMIN', 'CONTENT_ADMIN'],
  /** Your Live Classes and go live */
  yourLiveClasses: ['INSTRUCTOR'],
  userManagement: ['SUPER_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type PermissionArea = keyof typeof PERMISSIONS;

/**
 * What an API key may do (DESIGN §10): a service caller (the storefront, the student app) holds one or
 * both scopes, and may call only the routes whose access names a scope it holds. A key opens no page.
 */
export const API_KEY_SCOPES = ['orders:create', 'orders:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a service caller do, in the words of the console. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'orders:create': 'Place orders',
  'orders:read': 'Read orders',
};

/** True when a user holding `roles` may use `area`. */
export function hasPermission(roles: readonly string[], area: PermissionArea): boolean {
  const allowed: readonly string[] = PERMISSIONS[area];
  return allowed.length === 0 || allowed.some((role) => roles.includes(role));
}

/** A page of the console: its route, the name used in messages, and the area that guards it. */
export interface PageDef {
  path: string;
  pageName: string;
  area: PermissionArea;
  /** shown in the navigation; `onlyRoles` hides the entry (not just disables it) for others */
  nav?: { label: string; onlyRoles?: readonly Role[] };
}

/** Every signed-in page, in navigation order. */
export const PAGES: readonly PageDef[] = [
  { path: '/overview', pageName: 'Account Overview', area: 'signedIn', nav: { label: 'Overview' } },
  {
    path: '/subject-management',
    pageName: 'Subject Management',
    area: 'subjectView',
    nav: { label: 'Subject Management' },
  },
  {
    path: '/subject-management/subject-details',
    pageName: 'Subject Management - Subject Details',
    area: 'subjectView',
  },
  { path: '/subject-management/subject-details/topics', pageName: 'Subject Management - Topics', area: 'subjectView' },
  { path: '/subject-review', pageName: 'Subject Review', area: 'subjectReview', nav: { label: 'Subject Review' } },
  { path: '/file-explorer', pageName: 'File Explorer', area: 'videoAttach', nav: { label: 'File Explorer' } },
  {
    path: '/transcoding-manager',
    pageName: 'Transcoding Manager',
    area: 'transcoding',
    nav: { label: 'Transcoding Manager' },
  },
  { path: '/publisher', pageName: 'Publisher', area: 'publisherPricing', nav: { label: 'Publisher' } },
  {
    path: '/publisher/catalogueManager/catalogueList',
    pageName: 'Publisher - Catalogue Manager',
    area: 'publisherPricing',
  },
  {
    path: '/publisher/catalogueManager/createCatalogue',
    pageName: 'Publisher - Create Catalogue',
    area: 'publisherPricing',
  },
  { path: '/publisher/otsManager', pageName: 'Publisher - OTS Manager', area: 'publisherPricing' },
  { path: '/publisher/editOts', pageName: 'Publisher - Edit OTS', area: 'publisherPricing' },
  { path: '/publisher/categories', pageName: 'Publisher - Categories', area: 'publisher' },
  // store listings are the publisher's content, not prices: FINANCE has none of the store manager
  { path: '/publisher/storeManager/storeDetails', pageName: 'Publisher - Store Details', area: 'publisher' },
  { path: '/publisher/storeManager/storelistings', pageName: 'Publisher - Store Listings', area: 'publisher' },
  {
    path: '/publisher/storeManager/storeDetailsList',
    pageName: 'Publisher - Store Details List',
    area: 'publisher',
  },
  { path: '/publisher/storeManager/store', pageName: 'Publisher - Store Listing', area: 'publisher' },
  { path: '/coupons', pageName: 'Coupons', area: 'commerce', nav: { label: 'Coupons' } },
  {
    path: '/deliveryManagement',
    pageName: 'Delivery Management',
    area: 'commerce',
    nav: { label: 'Delivery Management' },
  },
  {
    path: '/student-management',
    pageName: 'Student Management',
    area: 'commerce',
    nav: { label: 'Student Management' },
  },
  { path: '/orders', pageName: 'Orders', area: 'commerce', nav: { label: 'Orders' } },
  { path: '/gst-report', pageName: 'GST Return', area: 'commerce', nav: { label: 'GST Return' } },
  { path: '/batch-management', pageName: 'Batch Management', area: 'batches', nav: { label: 'Batch Management' } },
  { path: '/batch-management/students', pageName: 'Batch Management - Students', area: 'batches' },
  { path: '/live-classes', pageName: 'Live Classes', area: 'liveClasses', nav: { label: 'Live Classes' } },
  { path: '/live-classes/insights', pageName: 'Live Class Insights', area: 'liveClasses' },
  {
    path: '/go-live',
    pageName: 'Your Live Classes',
    area: 'yourLiveClasses',
    nav: { label: 'Your Live Classes', onlyRoles: ['INSTRUCTOR'] },
  },
  { path: '/student-updates', pageName: 'Student Updates', area: 'studentUpdates', nav: { label: 'Student Updates' } },
  { path: '/legal', pageName: 'Legal', area: 'legal', nav: { label: 'Legal' } },
  { path: '/user-management', pageName: 'User Management', area: 'userManagement', nav: { label: 'User Management' } },
];
