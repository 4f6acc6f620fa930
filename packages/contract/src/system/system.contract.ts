import { z } from 'zod';
import { route } from '../route';
import { ConfigSchema, HealthSchema, OutboxEntrySchema, OutboxQuerySchema } from './system.schemas';

export const systemContract = {
  config: route({
    method: 'GET',
    path: '/config',
    summary: 'Runtime configuration for the SPA and third-party clients (no signature needed)',
    access: { kind: 'open' },
    response: ConfigSchema,
  }),
  health: route({
    method: 'GET',
    path: '/health',
    summary: 'Database, storage and queue health',
    access: { kind: 'open' },
    response: HealthSchema,
  }),
  docs: route({
    method: 'GET',
    path: '/docs',
    summary: 'The OpenAPI document generated from the contract',
    access: { kind: 'open' },
    response: z.record(z.string(), z.unknown()),
    raw: true,
  }),
  outbox: route({
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Demo mode only: the codes the development SMS outbox has sent, newest first',
    access: { kind: 'signed' },
    query: OutboxQuerySchema,
    response: z.array(OutboxEntrySchema),
    demoOnly: true,
  }),
};
