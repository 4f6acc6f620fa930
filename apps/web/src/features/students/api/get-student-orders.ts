import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentsContract, type Order } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /payments/student/subscription/studentid/{studentId}: the student's orders with their invoices. */
export function getStudentOrders(studentId: string, signal?: AbortSignal): Promise<Order[]> {
  return apiCall(studentsContract.orders, { params: { studentId } }, { signal });
}

export const studentOrdersQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: queryKeys.studentOrders(studentId),
    queryFn: ({ signal }) => getStudentOrders(studentId, signal),
  });

export function useStudentOrders(studentId: string | undefined) {
  return useQuery({ ...studentOrdersQueryOptions(studentId ?? ''), enabled: Boolean(studentId) });
}
