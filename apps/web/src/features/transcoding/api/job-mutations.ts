import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRANSCODING_MESSAGES, fillMessage, transcodingContract, type TranscodingQueue } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { transcodingQueryKey } from './get-job-counts';

/** After a submit or cancel every list and count may have changed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: transcodingQueryKey });
}

/** POST /transcoding/jobs/submit: one new job per video, in the default or reserved queue. */
export function useSubmitJobs() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { videoIds: string[]; queue: TranscodingQueue }) => {
      const result = await apiCallWithHeaders(transcodingContract.submit, { body: input });
      const fallback = fillMessage(TRANSCODING_MESSAGES.submitted, {
        count: input.videoIds.length,
        queue: input.queue,
      });
      return { data: result.data, message: result.message ?? fallback };
    },
    // the server's own words on success; its error message (or the generic one) on failure
    meta: { serverMessage: true },
    onSettled: refresh,
  });
}

/** POST /transcoding/jobs/cancel: waiting jobs leave their queue, running ones are stopped. */
export function useCancelJobs() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (jobIds: string[]) => {
      const result = await apiCallWithHeaders(transcodingContract.cancel, { body: { jobIds } });
      const fallback = fillMessage(TRANSCODING_MESSAGES.cancelled, { count: jobIds.length });
      return { data: result.data, message: result.message ?? fallback };
    },
    meta: { serverMessage: true },
    onSettled: refresh,
  });
}
