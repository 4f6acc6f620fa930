import path from 'node:path';
import {
  ENVIRONMENT_KEYS,
  parseEnvironmentHosts,
  type EnvironmentHostRule,
  type EnvironmentKey,
} from '@lectern/contract';
import { z } from 'zod';
import { decimal, flag, oneOf, optionalText, textAsGiven, wholeNumber } from './env';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What this process is: its NODE_ENV, demo mode, data folder, environment and log. */
export const processSchema = z
  .object({
    NODE_ENV: textAsGiven('development'),
    DEMO_MODE: z.string().optional(),
    DATA_DIR: textAsGiven('./data'),
    LECTERN_ENVIRONMENT: oneOf(ENVIRONMENT_KEYS),
    LECTERN_ENVIRONMENT_HOSTS: z.string().optional(),
    LOG_LEVEL: oneOf(LOG_LEVELS),
    LOG_SLOW_REQUEST_MS: wholeNumber(1000),
    LOG_REQUEST_SAMPLE: decimal(0.01, { min: 0, max: 1 }),
    VALIDATE_RESPONSES: flag(false),
    npm_package_version: textAsGiven('0.1.0'),
  })
  .transform((env, ctx) => {
    // DEMO_MODE's fallback depends on NODE_ENV, so it is read here
    const demoMode = flag(env.NODE_ENV !== 'production').safeParse(env.DEMO_MODE);
    if (!demoMode.success) {
      ctx.addIssue({ code: 'custom', path: ['DEMO_MODE'], message: demoMode.error.issues[0]!.message });
      return z.NEVER;
    }
    let environmentHosts: EnvironmentHostRule[];
    try {
      environmentHosts = parseEnvironmentHosts(env.LECTERN_ENVIRONMENT_HOSTS);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['LECTERN_ENVIRONMENT_HOSTS'], message: (error as Error).message });
      return z.NEVER;
    }
    const pinned = env.LECTERN_ENVIRONMENT;
    return {
      nodeEnv: env.NODE_ENV,
      demoMode: demoMode.data,
      dataDir: path.resolve(env.DATA_DIR),
      /**
       * This process's own environment: LECTERN_ENVIRONMENT, else local in demo mode and production
       * otherwise. Its buckets are the ones the process stores into (docs/environments.md).
       */
      environment: (pinned ?? (demoMode.data ? 'local' : 'production')) as EnvironmentKey,
      /** LECTERN_ENVIRONMENT is set: every host name is `environment`, the host patterns are not read */
      environmentPinned: pinned !== undefined,
      /** host-name patterns -> environment (LECTERN_ENVIRONMENT_HOSTS over the defaults) */
      environmentHosts,
      logLevel: env.LOG_LEVEL ?? 'info',
      /** the request log: slow answers and a sample of ordinary ones (failures are always logged) */
      requestLog: { slowMs: env.LOG_SLOW_REQUEST_MS, sampleRate: env.LOG_REQUEST_SAMPLE },
      /** check every handler's answer against the contract (on in tests) */
      validateResponses: env.VALIDATE_RESPONSES,
      version: env.npm_package_version,
    };
  });

export type ProcessConfig = z.output<typeof processSchema>;

/** DATABASE_URL: PostgreSQL; absent means embedded PGlite under DATA_DIR/db. */
export const databaseSchema = z
  .object({
    DATABASE_URL: optionalText().refine(
      (value) => value === undefined || /^postgres(ql)?:\/\/\S+$/.test(value),
      // never repeats the address, which may hold the password
      'must be a postgres:// or postgresql:// connection string',
    ),
  })
  .transform((env) => ({
    /** PostgreSQL connection string; absent means embedded PGlite under dataDir/db */
    databaseUrl: env.DATABASE_URL,
  }));

/** TRUST_PROXY: off, true (every hop), a hop count, or proxy addresses and CIDRs. */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): boolean | number | string[] => {
    const given = (value ?? '').trim();
    if (given === '' || given.toLowerCase() === 'false') return false;
    if (given.toLowerCase() === 'true') return true;
    if (/^\d+$/.test(given)) return Number(given);
    const addresses = given
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (addresses.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, true, a hop count, or a comma-separated list of proxy addresses (got "${given}")`,
      });
      return z.NEVER;
    }
    return addresses;
  });

/** The HTTP listener: where it listens, which proxies it believes, how long a connection may wait. */
export const httpSchema = z
  .object({
    PORT: wholeNumber(8080, { max: 65535 }),
    HOST: textAsGiven('0.0.0.0'),
    TRUST_PROXY: trustProxy,
    HTTP_IDLE_TIMEOUT_SECONDS: wholeNumber(30),
    HTTP_REQUEST_TIMEOUT_SECONDS: wholeNumber(600),
    HTTP_KEEP_ALIVE_SECONDS: wholeNumber(5),
    WEB_DIST: z.string().optional(),
    PUBLIC_URL: z.string().optional(),
  })
  .transform((env, ctx) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(publicUrl)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: `must be an http(s) address, got '${env.PUBLIC_URL}'`,
      });
      return z.NEVER;
    }
    return {
      port: env.PORT,
      host: env.HOST,
      /** HTTP settings that an attacker would otherwise choose for us */
      http: {
        /**
         * TRUST_PROXY: off by default, so X-Forwarded-For is ignored and the socket's address is the client.
         * A hop count (`1` behind one proxy), a list of proxy addresses or CIDRs, or `true` (every hop).
         */
        trustProxy: env.TRUST_PROXY,
        /** a connection that sends and receives nothing for this long is closed (idle and stalled sockets) */
        idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
        /** a request's headers and body must have arrived by then (a slow-loris bound that still fits one upload part) */
        requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
        /** an idle keep-alive connection is closed after this */
        keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_SECONDS * 1000,
      },
      /** the built SPA to serve, if present */
      webDist: env.WEB_DIST,
      /** the console's own address as people reach it, for links in e-mails (PUBLIC_URL) */
      publicUrl,
    };
  });
