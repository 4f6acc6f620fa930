import { z } from 'zod';
import { route } from '../route';
import { TermsUpdateBodySchema, TermsVersionSchema } from './terms.schemas';

// Spec 2 §7 "Users and terms" at DESIGN §9's verbs: GET all, GET latest, PUT update (a new version).
export const termsContract = {
  all: route({
    method: 'GET',
    path: '/users/tnc/all',
    summary:
      'Every version of the terms, newest first, with who saved it, when, why, and how many students accepted it',
    access: { kind: 'session', area: 'legal' },
    response: z.array(TermsVersionSchema),
  }),
  latest: route({
    method: 'GET',
    path: '/users/tnc/latest',
    summary: 'The terms students get now (null before the first save)',
    access: { kind: 'session', area: 'legal' },
    response: TermsVersionSchema.nullable(),
  }),
  update: route({
    method: 'PUT',
    path: '/users/tnc/update',
    summary:
      'Save the terms as a new version (sanitised), with a change note; refused when a newer version was saved meanwhile',
    access: { kind: 'session', area: 'legal' },
    body: TermsUpdateBodySchema,
    response: TermsVersionSchema,
  }),
};
