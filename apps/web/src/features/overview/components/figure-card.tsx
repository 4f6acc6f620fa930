import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import { formatIndianNumber, type OverviewFigure } from '@lectern/contract';

/**
 * One figure of the overview: its label, the value with Indian grouping (or `text`, an amount already
 * written out) and, if any, a link to the list it counts.
 */
export function FigureCard({ figure, text }: { figure: OverviewFigure; text?: string }) {
  const body = (
    <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1, p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }} component="h3">
        {figure.label}
      </Typography>
      <Typography
        sx={{
          fontSize: text ? { xs: '1.25rem', sm: '2rem' } : { xs: '1.75rem', sm: '2rem' },
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          lineHeight: 1.1,
          overflowWrap: 'anywhere',
        }}
      >
        {text ?? formatIndianNumber(figure.value)}
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
