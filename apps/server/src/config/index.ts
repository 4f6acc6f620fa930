import type { z } from 'zod';
import { authSchema, mailSchema } from './auth';
import { deliverySchema, type DeliveryConfig } from './delivery';
import { parseEnv, type Env } from './env';
import { invoicingSchema, type InvoicingConfig } from './invoicing';
import { meetingsSchema, type MeetingsConfig } from './meetings';
import { paymentsSchema, type PaymentsConfig } from './payments';
import { databaseSchema, httpSchema, processSchema, type ProcessConfig } from './process';
import { environmentsSchema, storageSchema, type StorageConfig } from './storage';
import { transcodingSchema, type TranscodingConfig } from './transcoding';

export type { DeliveryConfig } from './delivery';
export type { InvoicingConfig } from './invoicing';
export type { MeetingsConfig, ZoomConfig } from './meetings';
export type { PaymentsConfig } from './payments';
export type { StorageConfig } from './storage';
export type { MediaConvertConfig, TranscodingConfig } from './transcoding';

type HttpSettings = z.output<typeof httpSchema>;
type DatabaseSettings = z.output<typeof databaseSchema>;
type EnvironmentsSettings = z.output<typeof environmentsSchema>;
type AuthSettings = z.output<typeof authSchema>;
type MailSettings = z.output<typeof mailSchema>;

/**
 * Server configuration, from the environment with embedded defaults (README "Configuration"): one zod
 * schema per subsystem in this folder, each naming the variable it refuses.
 */
export interface Config
  extends ProcessConfig, HttpSettings, DatabaseSettings, EnvironmentsSettings, AuthSettings, MailSettings {
  /** object storage (docs/storage.md) */
  storage: StorageConfig;
  /** the transcoding queue and worker (README "Transcoding") */
  transcoding: TranscodingConfig;
  /** who issues the GST tax invoices, and how (README "Invoices") */
  invoicing: InvoicingConfig;
  /** couriers and their tracking pages (README "Configuration", COURIER_TRACKING_URLS) */
  delivery: DeliveryConfig;
  /** meeting providers of live classes (docs/operations.md "Live classes: meetings") */
  meetings: MeetingsConfig;
  /** orders and payments (docs/domains/payments.md) */
  payments: PaymentsConfig;
}

/** Reads the configuration; throws a readable error, naming the variable, for a bad or unsafe value. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const core = parseEnv(processSchema, env);
  const storageLocations = parseEnv(environmentsSchema, env);
  const config: Config = {
    ...core,
    ...parseEnv(httpSchema, env),
    ...parseEnv(databaseSchema, env),
    ...storageLocations,
    ...parseEnv(authSchema, env),
    ...parseEnv(mailSchema, env),
    storage: parseEnv(storageSchema(core.dataDir, storageLocations.environments[core.environment]), env),
    transcoding: parseEnv(transcodingSchema(core.dataDir, core.nodeEnv), env),
    invoicing: parseEnv(invoicingSchema, env),
    delivery: parseEnv(deliverySchema, env),
    meetings: parseEnv(meetingsSchema, env),
    payments: parseEnv(paymentsSchema, env),
    ...overrides,
  };
  if (config.benchSkipSignature && config.nodeEnv === 'production') {
    throw new Error(
      'BENCH_SKIP_SIGNATURE turns off request signing: it is for benchmarks and refused with NODE_ENV=production.',
    );
  }
  if (config.demoMode && config.nodeEnv === 'production') {
    throw new Error(
      'Demo mode cannot run with NODE_ENV=production: it exposes sign-in codes. Set DEMO_MODE=false, or NODE_ENV to something else.',
    );
  }
  return config;
}
