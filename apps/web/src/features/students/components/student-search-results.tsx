import type { KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import {
  formatDate,
  formatMoney,
  STUDENT_MATCH_LABELS,
  type StudentSearchHit,
  type StudentSearchPage,
} from '@lectern/contract';
import { SectionCard } from '../../../components';
import { QueryErrorAlert } from '../../../components/query-error-alert';

/** Where a student opens: their page by mobile number, with the order named when an order matched. */
export function studentLink(mobileNumber: string, orderId?: string | null): string {
  const params = new URLSearchParams({ mobileNumber });
  if (orderId) params.set('order', orderId);
  return `/student-management?${params.toString()}`;
}

/** The attribute the arrow keys move between: every link of the results and of the recent lists. */
export const RESULT_LINK = 'data-student-link';

/**
 * Arrow keys move between the links marked RESULT_LINK inside `container`, and ArrowUp from the first
 * goes back to the search box; Enter follows the link as any link does.
 */
export function moveBetweenLinks(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null, back?: () => void) {
  if (!container || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
  const links = Array.from(container.querySelectorAll<HTMLElement>(`[${RESULT_LINK}]`));
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLElement);
  event.preventDefault();
  if (event.key === 'ArrowDown') links[Math.min(at + 1, links.length - 1)]?.focus();
  else if (at <= 0) back?.();
  else links[at - 1]?.focus();
}

function matchText(hit: StudentSearchHit): string {
  const what = STUDENT_MATCH_LABELS[hit.matchedOn];
  // a name or e-mail shows on the row already: say only which field
  return hit.matchedOn === 'NAME' || hit.matchedOn === 'EMAIL'
    ? `Matched on ${what}`
    : `Matched on ${what} ${hit.matchedValue}`;
}

function summary(hit: StudentSearchHit): string {
  const plans = hit.activePlans === 1 ? '1 active plan' : `${hit.activePlans} active plans`;
  const order = hit.latestOrder;
  if (!order) return `${plans} · no orders`;
  return `${plans} · latest order ${formatDate(order.createdAt)}, ${formatMoney(order.total)}, ${order.paymentStatus}`;
}

export interface StudentSearchResultsProps {
  /** the text searched (trimmed) */
  q: string;
  query: {
    data: StudentSearchPage | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
  };
  onPage: (page: number) => void;
  /** ArrowUp from the first result */
  onBackToSearch: () => void;
  listRef: (element: HTMLUListElement | null) => void;
}

/** The students matching the search box: name, mobile, e-mail and why each matched, best first. */
export function StudentSearchResults({ q, query, onPage, onBackToSearch, listRef }: StudentSearchResultsProps) {
  if (query.isError) return <QueryErrorAlert query={query} />;
  if (query.isPending || !query.data) {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={24} aria-label="Searching students" />
        <Typography color="text.secondary">Searching…</Typography>
      </Box>
    );
  }
  const page = query.data;
  const stale = query.isPlaceholderData && query.isFetching;
  if (page.totalElements === 0 && !stale) {
    return (
      <Typography role="status" color="text.secondary">
        No student matches &quot;{q}&quot;
      </Typography>
    );
  }
  const count = page.totalElements === 1 ? '1 student matches' : `${page.totalElements} students match`;
  return (
    <SectionCard title="Students found">
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {count} &quot;{q}&quot;
      </Typography>
      <List
        ref={listRef}
        aria-label="Students found"
        aria-busy={stale}
        disablePadding
        onKeyDown={(event) => moveBetweenLinks(event, event.currentTarget, onBackToSearch)}
        sx={{ opacity: stale ? 0.6 : 1 }}
      >
        {page.content.map((hit) => (
          <ListItem key={hit.studentId} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={studentLink(hit.mobileNumber, hit.matchedOrderId)}
              {...{ [RESULT_LINK]: '' }}
              sx={{ display: 'block', py: 1.25 }}
            >
              <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {hit.name}
              </Typography>
              <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {hit.mobileNumber} · {hit.email ?? 'No e-mail'}
              </Typography>
              <Typography component="span" variant="body2" color="primary.dark" sx={{ display: 'block' }}>
                {matchText(hit)}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {summary(hit)}
              </Typography>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {page.totalPages > 1 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
          <Button variant="outlined" disabled={page.page === 0} onClick={() => onPage(page.page - 1)}>
            Previous
          </Button>
          <Typography variant="body2">
            Page {page.page + 1} of {page.totalPages}
          </Typography>
          <Button variant="outlined" disabled={page.page + 1 >= page.totalPages} onClick={() => onPage(page.page + 1)}>
            Next
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
