import { useQuery } from '@tanstack/react-query';
import { deliveryContract } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /delivery/delivery/all/ALL?search={mobileNumber}: a student's delivery packages in every status,
 * kept to the student (the search also matches tracking and package ids). Under the delivery lists'
 * key, so a change made in Delivery Management refreshes it.
 */
export function useStudentDeliveries(studentId: string, mobileNumber: string) {
  return useQuery({
    queryKey: [...queryKeys.deliveryLists, 'ALL', { search: mobileNumber }],
    queryFn: ({ signal }) =>
      apiCall(deliveryContract.list, { params: { status: 'ALL' }, query: { search: mobileNumber } }, { signal }),
    select: (packages) => packages.filter((pkg) => pkg.studentId === studentId),
  });
}
