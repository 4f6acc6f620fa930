import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { completeness, type CompletenessInput } from './completeness';

/** How complete the listing is (SEO, FAQs, testimonials, syllabus, preview video, recommendations), and what is missing. */
export function CompletenessMeter({ input }: { input: CompletenessInput }) {
  const { percent, missing } = completeness(input);
  return (
    <Box component="section" aria-labelledby="completeness-heading" data-testid="completeness-meter">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography id="completeness-heading" variant="body2" sx={{ fontWeight: 600 }}>
          Listing completeness
        </Typography>
        <Typography
          variant="body2"
          color={percent === 100 ? 'success.main' : 'text.secondary'}
          sx={{ fontWeight: 600 }}
        >
          {`${percent}%`}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent === 100 ? 'success' : 'primary'}
        aria-label="Listing completeness"
        sx={{ height: 8, borderRadius: 4, mb: 0.5 }}
      />
      <Typography variant="caption" color="text.secondary" component="p">
        {missing.length === 0 ? 'Complete: every part students look for is there.' : `Missing: ${missing.join(', ')}.`}
      </Typography>
    </Box>
  );
}
