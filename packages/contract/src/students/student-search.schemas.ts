import { z } from 'zod';
import { MoneySchema } from '../money';
import { PaymentStatusSchema } from './students.schemas';

// Finding a student by anything (DESIGN §10 "students by anything"): name, mobile, e-mail, order id or
// invoice number, best matches first; and what Student Management shows before anything is typed.

/** The shortest search text: one character matches half the students and helps nobody. */
export const STUDENT_SEARCH_MIN_LENGTH = 2;
export const STUDENT_SEARCH_MAX_LENGTH = 100;
/** A page of search results when `size` is not given. */
export const STUDENT_SEARCH_PAGE_SIZE = 20;
/** How many students and orders the page shows before anything is typed. */
export const RECENT_LIMIT = 10;

/**
 * Which field matched, best first: an exact mobile number, order id, invoice number or e-mail names
 * one student; then a name that starts with the text; then any other part of a name, mobile or e-mail.
 */
export const STUDENT_MATCH_FIELDS = ['MOBILE', 'ORDER_ID', 'INVOICE_NUMBER', 'EMAIL', 'NAME'] as const;
export const StudentMatchFieldSchema = z.enum(STUDENT_MATCH_FIELDS);
export type StudentMatchField = z.infer<typeof StudentMatchFieldSchema>;

/** The words a person reads for each match field ('Matched on invoice number LEC/2627/000042'). */
export const STUDENT_MATCH_LABELS: Record<StudentMatchField, string> = {
  MOBILE: 'mobile number',
  ORDER_ID: 'order id',
  INVOICE_NUMBER: 'invoice number',
  EMAIL: 'e-mail',
  NAME: 'name',
};

/** A student's newest order, to tell two students of the same name apart. */
export const LatestOrderSchema = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  paymentStatus: PaymentStatusSchema,
  /** paise, GST included */
  total: MoneySchema,
  invoiceNumber: z.string().nullable(),
});

export const StudentSearchHitSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  mobileNumber: z.string(),
  email: z.string().nullable(),
  /** subscriptions running today (not cancelled, not past their end date) */
  activePlans: z.number().int(),
  latestOrder: LatestOrderSchema.nullable(),
  /** the field the text matched (the best one when several did) */
  matchedOn: StudentMatchFieldSchema,
  /** what matched: the student's name, mobile or e-mail, or the order id or invoice number */
  matchedValue: z.string(),
  /** the order an order id or invoice number matched (null for the other fields) */
  matchedOrderId: z.string().nullable(),
  /** the whole mobile number, order id, invoice number or e-mail matched (not a part, not a name) */
  exact: z.boolean(),
});
export type StudentSearchHit = z.infer<typeof StudentSearchHitSchema>;

export const StudentSearchPageSchema = z.object({
  content: z.array(StudentSearchHitSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type StudentSearchPage = z.infer<typeof StudentSearchPageSchema>;

export const StudentSearchQuerySchema = z.object({
  /** at least 2 characters (after trimming): shorter answers 400 */
  q: z
    .string()
    .trim()
    .min(STUDENT_SEARCH_MIN_LENGTH, `type at least ${STUDENT_SEARCH_MIN_LENGTH} characters`)
    .max(STUDENT_SEARCH_MAX_LENGTH, `at most ${STUDENT_SEARCH_MAX_LENGTH} characters`),
  /** from 0 */
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(STUDENT_SEARCH_PAGE_SIZE),
});
export type StudentSearchQuery = z.input<typeof StudentSearchQuerySchema>;

export const RecentStudentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  mobileNumber: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
});

export const RecentOrderSchema = LatestOrderSchema.extend({
  studentId: z.string(),
  studentName: z.string(),
  mobileNumber: z.string(),
});
export type RecentOrder = z.infer<typeof RecentOrderSchema>;

/** Before anything is typed: the newest students (by when they joined) and the newest orders. */
export const RecentStudentsSchema = z.object({
  students: z.array(RecentStudentSchema),
  orders: z.array(RecentOrderSchema),
});
export type RecentStudents = z.infer<typeof RecentStudentsSchema>;
