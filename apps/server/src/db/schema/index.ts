// The Drizzle schema, one file per domain; everything imports it from here (`db/schema`).
// The SQL migrations are the source of the database itself: schema-drift.test.ts keeps the two equal.
export * from './staff';
export * from './auth';
export * from './notifications';
export * from './activity';
export * from './subjects';
export * from './videos';
export * from './catalogues';
export * from './students';
export * from './subject-tree';
export * from './uploads';
export * from './transcoding';
export * from './system';
export * from './mail';
export * from './terms';
export * from './coupons';
export * from './payments';
export * from './delivery';
export * from './batches';
export * from './live-classes';
export * from './attendance';
export * from './student-updates';
export * from './api-keys';
