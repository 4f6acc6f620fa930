import {
  indianDate,
  paise,
  PaymentStatusSchema,
  RECENT_LIMIT,
  type RecentStudents,
  type StudentSearchPage,
} from '@lectern/contract';
import type { StudentSearchRepository, StudentSearchTerms } from './student-search.repository';

/** A name is matched on its first few words: more only slow the query down and never narrow it usefully. */
const MAX_WORDS = 5;

/**
 * The digits of a mobile number typed any way staff type one ('+91 98765 43210', '098765-43210',
 * '43210'), or null when the text is not only a number. The country code goes only when 10 digits
 * remain, so a part such as '9198' still matches inside a number.
 */
export function mobileDigits(text: string): string | null {
  if (!/^\+?[\d\s()-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits.length > 0 ? digits : null;
}

/** The words of a search text a name must all hold. */
export function nameWords(text: string): string[] {
  return text.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}

/** Finding a student by anything, and what Student Management shows before anything is typed. */
export class StudentSearchService {
  constructor(
    private readonly repo: StudentSearchRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async search(query: { q: string; page: number; size: number }): Promise<StudentSearchPage> {
    const text = query.q.trim();
    const terms: StudentSearchTerms = {
      text,
      words: nameWords(text),
      digits: mobileDigits(text),
      today: indianDate(this.now()),
      offset: query.page * query.size,
      limit: query.size,
    };
    const { rows, total } = await this.repo.search(terms);
    return {
      content: rows.map((r) => ({
        studentId: r.studentId,
        name: r.name,
        mobileNumber: r.mobileNumber,
        email: r.email,
        activePlans: r.activePlans,
        latestOrder: r.latestOrder && {
          orderId: r.latestOrder.orderId,
          createdAt: r.latestOrder.createdAt.toISOString(),
          paymentStatus: PaymentStatusSchema.parse(r.latestOrder.paymentStatus),
          total: paise(r.latestOrder.total),
          invoiceNumber: r.latestOrder.invoiceNumber,
        },
        matchedOn: r.field,
        matchedValue: r.value,
        matchedOrderId: r.orderId,
        exact: r.rank === 0,
      })),
      page: query.page,
      size: query.size,
      totalElements: total,
      totalPages: Math.ceil(total / query.size),
    };
  }

  async recent(): Promise<RecentStudents> {
    const [students, orders] = await Promise.all([
      this.repo.newestStudents(RECENT_LIMIT),
      this.repo.newestOrders(RECENT_LIMIT),
    ]);
    return {
      students: students.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
      orders: orders.map((o) => ({
        ...o,
        createdAt: o.createdAt.toISOString(),
        paymentStatus: PaymentStatusSchema.parse(o.paymentStatus),
        total: paise(o.total),
      })),
    };
  }
}
