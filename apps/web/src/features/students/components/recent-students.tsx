import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney, type RecentStudents } from '@lectern/contract';
import { SectionCard } from '../../../components';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { moveBetweenLinks, RESULT_LINK, studentLink } from './student-search-results';

export interface RecentStudentsCardsProps {
  query: {
    data: RecentStudents | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
  };
  /** ArrowUp from the first link */
  onBackToSearch: () => void;
}

function Entry({ to, title, lines }: { to: string; title: string; lines: string[] }) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton component={RouterLink} to={to} {...{ [RESULT_LINK]: '' }} sx={{ display: 'block', py: 1 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {title}
        </Typography>
        {lines.map((line) => (
          <Typography
            key={line}
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block', overflowWrap: 'anywhere' }}
          >
            {line}
          </Typography>
        ))}
      </ListItemButton>
    </ListItem>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Box aria-busy="true" aria-label={label} role="status">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} height={48} />
      ))}
    </Box>
  );
}

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      {empty ? <Typography color="text.secondary">None yet.</Typography> : children}
    </SectionCard>
  );
}

/** Before anything is typed: the newest students and the newest orders, each opening its student. */
export function RecentStudentsCards({ query, onBackToSearch }: RecentStudentsCardsProps) {
  if (query.isError) return <QueryErrorAlert query={query} />;
  const data = query.data;
  return (
    <Box
      onKeyDown={(event) => moveBetweenLinks(event, event.currentTarget, onBackToSearch)}
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <Section title="Recent students" empty={data?.students.length === 0}>
        {!data ? (
          <Loading label="Loading recent students" />
        ) : (
          <List aria-label="Recent students" disablePadding>
            {data.students.map((student) => (
              <Entry
                key={student.studentId}
                to={studentLink(student.mobileNumber)}
                title={student.name}
                lines={[
                  `${student.mobileNumber} · ${student.email ?? 'No e-mail'}`,
                  `Joined ${formatDate(student.createdAt)}`,
                ]}
              />
            ))}
          </List>
        )}
      </Section>
      <Section title="Recent orders" empty={data?.orders.length === 0}>
        {!data ? (
          <Loading label="Loading recent orders" />
        ) : (
          <List aria-label="Recent orders" disablePadding>
            {data.orders.map((order) => (
              <Entry
                key={order.orderId}
                to={studentLink(order.mobileNumber, order.orderId)}
                title={order.studentName}
                lines={[
                  `${formatMoney(order.total)} · ${order.paymentStatus} · ${formatDate(order.createdAt)}`,
                  order.invoiceNumber ? `Invoice ${order.invoiceNumber}` : `Order ${order.orderId}`,
                ]}
              />
            ))}
          </List>
        )}
      </Section>
    </Box>
  );
}
