import { authContract } from './auth/auth.contract';
import { notificationsContract } from './notifications/notifications.contract';
import { overviewContract } from './overview/overview.contract';
import type { RouteDef } from './route';
import { systemContract } from './system/system.contract';
import { usersContract } from './users/users.contract';
import { subjectsContract } from './subjects/subjects.contract';
import { videosContract } from './videos/videos.contract';
import { uploadsContract } from './uploads/uploads.contract';
import { filesContract } from './files/files.contract';
import { transcodingContract } from './transcoding/transcoding.contract';
import { cataloguesContract } from './catalogues/catalogues.contract';
import { categoriesContract } from './categories/categories.contract';
import { storeListingsContract } from './store-listings/store-listings.contract';
import { studentsContract } from './students/students.contract';
import { mailContract } from './mail/mail.contract';
import { couponsContract } from './coupons/coupons.contract';
import { paymentsContract } from './payments/payments.contract';
import { termsContract } from './terms/terms.contract';
import { deliveryContract } from './delivery/delivery.contract';
import { batchesContract } from './batches/batches.contract';
import { liveClassesContract } from './live-classes/live-classes.contract';
import { studentUpdatesContract } from './student-updates/student-updates.contract';

export * from './constants';
export * from './envelope';
export * from './errors';
export * from './format';
export * from './money';
export * from './permissions';
export * from './roles';
export * from './route';
export * from './validation';
export * from './fields';
export * from './signature';
export * from './auth/auth.schemas';
export * from './users/users.schemas';
export * from './users/api-keys.schemas';
export * from './users/api-key-messages';
export * from './notifications/notifications.schemas';
export * from './system/system.schemas';
export * from './overview/overview.schemas';
export * from './subjects/subjects.schemas';
export * from './subjects/subject-totals';
export * from './subjects/subject-rules';
export * from './videos/videos.schemas';
export * from './uploads/upload-rules';
export * from './uploads/upload-messages';
export * from './uploads/uploads.schemas';
export * from './files/files.schemas';
export * from './transcoding/transcoding.schemas';
export * from './catalogues/catalogues.schemas';
export * from './catalogues/ots-rules';
export * from './categories/categories.schemas';
export * from './store-listings/store-listings.schemas';
export * from './payments/invoice-rules';
export * from './payments/gst-report.schemas';
export * from './payments/payments.schemas';
export * from './payments/payment-messages';
export * from './payments/orders-list.schemas';
export * from './students/students.schemas';
export * from './students/student-search.schemas';
export * from './mail/mail.schemas';
export * from './coupons/coupons.schemas';
export * from './coupons/coupon-rules';
export * from './coupons/coupon-messages';
export * from './terms/terms.schemas';
export * from './delivery/delivery.schemas';
export * from './delivery/delivery-rules';
export * from './batches/batches.schemas';
export * from './batches/batch-rules';
export * from './live-classes/live-classes.schemas';
export * from './live-classes/live-class-rules';
export * from './student-updates/student-updates.schemas';
export * from './student-updates/student-update-rules';

// Each domain's routes by name: the console imports the domains a screen calls (authContract,
// subjectsContract…) so that a screen's chunks hold only those domains' schemas; `contract` holds all.
export {
  authContract,
  usersContract,
  notificationsContract,
  systemContract,
  overviewContract,
  subjectsContract,
  videosContract,
  uploadsContract,
  filesContract,
  transcodingContract,
  cataloguesContract,
  categoriesContract,
  storeListingsContract,
  studentsContract,
  mailContract,
  termsContract,
  couponsContract,
  paymentsContract,
  deliveryContract,
  batchesContract,
  liveClassesContract,
  studentUpdatesContract,
};

/** Every route of the API, by domain. A route exists here once. */
export const contract = {
  auth: authContract,
  users: usersContract,
  notifications: notificationsContract,
  system: systemContract,
  overview: overviewContract,
  subjects: subjectsContract,
  videos: videosContract,
  uploads: uploadsContract,
  files: filesContract,
  transcoding: transcodingContract,
  catalogues: cataloguesContract,
  categories: categoriesContract,
  storeListings: storeListingsContract,
  students: studentsContract,
  mail: mailContract,
  terms: termsContract,
  coupons: couponsContract,
  payments: paymentsContract,
  delivery: deliveryContract,
  batches: batchesContract,
  liveClasses: liveClassesContract,
  studentUpdates: studentUpdatesContract,
} as const;

export type Contract = typeof contract;

/** Every route as a flat list, with its `domain.name` key. */
export function allRoutes(): { key: string; def: RouteDef }[] {
  return Object.entries(contract).flatMap(([domain, routes]) =>
    Object.entries(routes as Record<string, RouteDef>).map(([name, def]) => ({ key: `${domain}.${name}`, def })),
  );
}
export * from './permissions-doc';
export * from './demo';
