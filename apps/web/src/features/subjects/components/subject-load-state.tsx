import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import type { useSubject } from '../../../lib/queries/get-subject';

/**
 * What a subject page shows while its subject loads (skeletons) or when loading failed (the
 * message with Retry); null once the subject is there. The details and topics pages share it.
 */
export function SubjectLoadState({
  query,
  title,
  back,
  loadingLabel,
}: {
  query: ReturnType<typeof useSubject>;
  title: string;
  back: string;
  loadingLabel: string;
}) {
  if (query.isPending) {
    return (
      <>
        <PageHeader title={title} back={back} subtitle={<Skeleton width={240} />} />
        <Box aria-busy="true" aria-label={loadingLabel}>
          <Skeleton variant="rounded" height={48} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={280} />
        </Box>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={title} back={back} />
        <QueryErrorAlert query={query} />
      </>
    );
  }
  return null;
}
