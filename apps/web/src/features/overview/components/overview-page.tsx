import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDateLong } from '@lectern/contract';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useSession } from '../../../lib/session';
import { useOverview } from '../api/get-overview';
import { FigureCard } from './figure-card';
import {
  ClassesSection,
  ContentSection,
  FinanceSection,
  GRID,
  Section,
  StaffSection,
  roleLabel,
} from './overview-sections';

function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/**
 * /overview, 'Account Overview', the page each role opens first: who is signed in and, for each role,
 * the figures of their day, each linking to the list it counts.
 */
export default function OverviewPage() {
  const overview = useOverview();
  const session = useSession();
  const name = overview.data?.userName ?? session?.user.userName ?? '';
  const roles = overview.data?.roles ?? session?.roles ?? [];
  const data = overview.data;
  const admin = roles.includes('SUPER_ADMIN') || roles.includes('CONTENT_ADMIN');

  return (
    <>
      <PageHeader title="Account Overview" />
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" component="p">
            {greeting(new Date())}
            {name ? `, ${name}` : ''}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }} aria-label="Your roles" role="list">
            {roles.map((role) => (
              <Chip
                key={role}
                label={roleLabel(role)}
                color="primary"
                variant="outlined"
                size="small"
                role="listitem"
              />
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {overview.isPending ? (
              <Skeleton width={260} />
            ) : overview.data?.lastSignInAt ? (
              `Last sign-in: ${formatDateLong(overview.data.lastSignInAt)}`
            ) : overview.data ? (
              'This is your first sign-in.'
            ) : null}
          </Typography>
        </CardContent>
      </Card>

      {overview.isPending ? (
        <Box sx={GRID} aria-busy="true" aria-label="Loading figures">
          {[0, 1, 2, 3].map((i) => (
            <Card key={i}>
              <CardContent>
                <Skeleton width="60%" />
                <Skeleton height={48} width="40%" />
                <Skeleton width="25%" />
              </CardContent>
            </Card>
          ))}
        </Box>
      ) : overview.isError || !data ? (
        <QueryErrorAlert query={overview} />
      ) : (
        <>
          <Section id="glance" title="At a glance">
            {data.figures.length === 0 ? (
              <Typography color="text.secondary" data-testid="overview-figures">
                There are no figures for your roles yet.
              </Typography>
            ) : (
              <Box sx={GRID} data-testid="overview-figures">
                {data.figures.map((figure) => (
                  <FigureCard key={figure.key} figure={figure} />
                ))}
              </Box>
            )}
          </Section>
          {data.instructor && <ClassesSection classes={data.instructor} all={roles.includes('SUPER_ADMIN')} />}
          {data.content && <ContentSection content={data.content} mine={!admin} />}
          {data.finance && <FinanceSection finance={data.finance} />}
          {data.staff && <StaffSection staff={data.staff} />}
        </>
      )}
    </>
  );
}
