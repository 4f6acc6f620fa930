import { z } from 'zod';
import { route } from '../route';
import { RecentStudentsSchema, StudentSearchPageSchema, StudentSearchQuerySchema } from './student-search.schemas';
import {
  InvoiceFormatQuerySchema,
  InvoiceSchema,
  MobileNumberQuerySchema,
  OrderIdParamSchema,
  OrderSchema,
  StudentIdParamSchema,
  StudentIdQuerySchema,
  StudentIdsBodySchema,
  StudentSchema,
  StudentSubscriptionSchema,
  SubscriptionUpdateBodySchema,
  VerificationTokenQuerySchema,
} from './students.schemas';

// Spec 2 §7 "Students and payments" at DESIGN §9's paths: SUPER_ADMIN and FINANCE (the commerce area).
export const studentsContract = {
  info: route({
    method: 'GET',
    path: '/students/student/info',
    summary: 'A student by mobile number (studentDetails); 404 when no student has it',
    access: { kind: 'session', area: 'commerce' },
    query: MobileNumberQuerySchema,
    response: StudentSchema,
  }),
  search: route({
    method: 'GET',
    path: '/students/student/search',
    summary:
      'Students by anything: name (any part, any case, accents ignored; every word must match), any part of the mobile number (+91 and spaces ignored), e-mail (any part, any case), or an exact order id or invoice number. Best matches first, each saying which field matched; `q` of fewer than 2 characters answers 400. Pages from 0',
    access: { kind: 'session', area: 'commerce' },
    query: StudentSearchQuerySchema,
    response: StudentSearchPageSchema,
  }),
  recent: route({
    method: 'GET',
    path: '/students/student/recent',
    summary: 'What Student Management shows before anything is typed: the 10 newest students and the 10 newest orders',
    access: { kind: 'session', area: 'commerce' },
    response: RecentStudentsSchema,
  }),
  subscriptions: route({
    method: 'GET',
    path: '/students/subscription/studentid/{studentId}',
    summary: "A student's subscriptions (subscriptionsList), newest first",
    access: { kind: 'session', area: 'commerce' },
    params: StudentIdParamSchema,
    response: z.array(StudentSubscriptionSchema),
  }),
  byIds: route({
    method: 'POST',
    path: '/students/student/byStudentIds',
    summary:
      'Students by id, in the order asked (unknown ids left out; for batch staff outside commerce, only students in a batch)',
    access: { kind: 'session', area: 'studentDirectory', scoped: true },
    body: StudentIdsBodySchema,
    response: z.array(StudentSchema),
  }),
  updateSubscription: route({
    method: 'POST',
    path: '/students/subscription/update',
    summary: 'Grant a subscription without payment, extend its end date, or cancel it; each with a reason, recorded',
    access: { kind: 'session', area: 'commerce' },
    body: SubscriptionUpdateBodySchema,
    response: StudentSubscriptionSchema,
  }),
  orders: route({
    method: 'GET',
    path: '/payments/student/subscription/studentid/{studentId}',
    summary: "A student's orders with their invoices (invoicesList), newest first",
    access: { kind: 'session', area: 'commerce' },
    params: StudentIdParamSchema,
    response: z.array(OrderSchema),
  }),
  invoice: route({
    method: 'GET',
    path: '/payments/invoice/orderid/{orderId}',
    summary: "An order's GST tax invoice (`?format=pdf`: the printable PDF)",
    access: { kind: 'session', area: 'commerce' },
    params: OrderIdParamSchema,
    query: InvoiceFormatQuerySchema,
    response: InvoiceSchema,
  }),
  verifyEmail: route({
    method: 'GET',
    path: '/users/user/autoverify/email_otp',
    summary: "Staff mark a student's e-mail verified (the spec's verify student e-mail), recorded with who and why",
    access: { kind: 'session', area: 'commerce' },
    query: StudentIdQuerySchema,
    response: StudentSchema,
  }),
  sendVerification: route({
    method: 'POST',
    path: '/students/student/verify-email/{studentId}',
    summary: 'E-mail the student a link that verifies their address (valid for 7 days)',
    access: { kind: 'session', area: 'commerce' },
    params: StudentIdParamSchema,
    response: z.object({ studentId: z.string(), email: z.string() }),
  }),
  confirmEmail: route({
    method: 'GET',
    path: '/students/student/confirm-email',
    summary: "The link in a verification e-mail: marks the student's address verified and answers a short page",
    access: { kind: 'open' },
    query: VerificationTokenQuerySchema,
    response: z.object({ studentId: z.string(), emailVerified: z.boolean() }),
  }),
};
