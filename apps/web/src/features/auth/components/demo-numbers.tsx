import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DEMO_STAFF, ROLE_LABELS, type Role } from '@lectern/contract';
import { VisuallyHidden } from '../../../components/visually-hidden';

/** The demo data's sign-in numbers, one per role (demo mode only). */
export const DEMO_NUMBERS: readonly { role: Role; mobileNumber: string }[] = DEMO_STAFF.map(({ role, phone }) => ({
  role,
  mobileNumber: phone,
}));

/** Demo sign-in numbers; choosing one fills the mobile number field. */
export function DemoNumbers({ onPick }: { onPick: (mobileNumber: string) => void }) {
  return (
    <Box component="section" aria-labelledby="demo-numbers-heading" sx={{ mt: 3 }}>
      <Typography id="demo-numbers-heading" variant="overline" color="text.secondary" component="h2">
        Demo sign-in numbers
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}
      >
        {DEMO_NUMBERS.map(({ role, mobileNumber }) => (
          <li key={role}>
            <Chip
              variant="outlined"
              clickable
              onClick={() => onPick(mobileNumber)}
              sx={{ width: '100%', justifyContent: 'flex-start', height: 'auto', py: 0.75 }}
              label={
                // named by what it shows, read as 'Use Finance demo number 9000000005'
                <Box sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.3 }}>
                  <Typography component="span" variant="caption" color="text.secondary">
                    <VisuallyHidden>Use </VisuallyHidden>
                    {ROLE_LABELS[role]}
                    <VisuallyHidden> demo number </VisuallyHidden>
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {mobileNumber}
                  </Typography>
                </Box>
              }
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}
