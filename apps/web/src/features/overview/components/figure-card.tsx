import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import { formatIndianNumber } from '@lectern/contract';
import type { OverviewSummary } from '../api/get-overview';

type Figure = OverviewSummary['figures'][number];

/** One figure of the overview: its label, the value with Indian grouping and, if any, a link to more. */
export function FigureCard({ figure }: { figure: Figure }) {
  const body = (
    <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }} component="h2">
        {figure.label}
      </Typography>
      <Typography sx={{ fontSize: '2rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.1 }}>
        {formatIndianNumber(figure.value)}
      </Typography>
      {figure.link && (
        <Box sx={{ mt: 'auto', display: 'flex', alignItems: 'center', gap: 0.5, color: 'primary.main' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            View
          </Typography>
          <ArrowForwardRounded fontSize="small" aria-hidden="true" />
        </Box>
      )}
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }} data-testid={`figure-${figure.key}`}>
      {figure.link ? (
        // named by what it shows: the label, the value and 'View'
        <CardActionArea component={RouterLink} to={figure.link} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
