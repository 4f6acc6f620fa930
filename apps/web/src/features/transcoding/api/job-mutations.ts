import { TRANSCODING_MESSAGES, fillMessage, transcodingContract, type TranscodingQueue } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { transcodingQueryKey } from './get-job-counts';

/** POST /transcoding/jobs/submit: one new job per video, in the default or reserved queue. */
export function useSubmitJobs() {
  return useRouteMutation(transcodingContract.submit, {
    toInput: (body: { videoIds: string[]; queue: TranscodingQueue }) => ({ body }),
    fallbackMessage: (_data, input: { videoIds: string[]; queue: TranscodingQueue }) =>
      fillMessage(TRANSCODING_MESSAGES.submitted, { count: input.videoIds.length, queue: input.queue }),
    // the server's own words on success; its error message (or the generic one) on failure
    meta: { serverMessage: true },
    // after a submit or cancel every list and count may have changed
    invalidate: [transcodingQueryKey],
  });
}

/** POST /transcoding/jobs/cancel: waiting jobs leave their queue, running ones are stopped. */
export function useCancelJobs() {
  return useRouteMutation(transcodingContract.cancel, {
    toInput: (jobIds: string[]) => ({ body: { jobIds } }),
    fallbackMessage: (_data, jobIds: string[]) => fillMessage(TRANSCODING_MESSAGES.cancelled, { count: jobIds.length }),
    meta: { serverMessage: true },
    invalidate: [transcodingQueryKey],
  });
}
