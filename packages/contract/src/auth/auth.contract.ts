import { route } from '../route';
import {
  LoginBodySchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  SendOtpBodySchema,
  SendOtpResponseSchema,
  SessionResponseSchema,
} from './auth.schemas';

export const authContract = {
  sendOtp: route({
    method: 'POST',
    path: '/auth/internal/send/otp',
    summary: 'Request a one-time sign-in code for a mobile number',
    access: { kind: 'signed' },
    body: SendOtpBodySchema,
    response: SendOtpResponseSchema,
  }),
  login: route({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with the mobile number and the encrypted code; the token comes in the authorization header',
    access: { kind: 'signed' },
    body: LoginBodySchema,
    response: LoginResponseSchema,
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the current session',
    access: { kind: 'session', area: 'signedIn' },
    response: LogoutResponseSchema,
  }),
  session: route({
    method: 'GET',
    path: '/auth/session',
    summary: 'The signed-in user of the current session',
    access: { kind: 'session', area: 'signedIn' },
    response: SessionResponseSchema,
  }),
};
