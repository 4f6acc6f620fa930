import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { FIELD_LABELS, type CatalogueFormInput } from '../catalogue-form';
import { useEditor } from '../editor-context';
import { ColourInput } from '../fields';

const COURSE_CARD = [
  'colour',
  'cardBackgroundColor',
  'catalogueCodeFontColor',
  'completionTextColor',
  'progressBarBackgroundColor',
  'progressBarCompletionColor',
] as const;
const DASHBOARD = ['activeStateColor', 'backgroundColor'] as const;

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A colour the preview can use: what was typed while it is one, else the fallback. */
const shown = (value: string | undefined, fallback: string) =>
  value && HEX.test(value.trim()) ? value.trim() : fallback;

/** The course card and the dashboard as the chosen colours paint them. */
function ThemePreview() {
  const { control } = useFormContext<CatalogueFormInput>();
  const theme = useWatch({ control, name: 'catalogueTheme' });
  const name = useWatch({ control, name: 'catalogueInfo.catalogueName' });
  const code = useWatch({ control, name: 'catalogueInfo.catalogueCode' });
  return (
    <Box
      component="figure"
      aria-label="Course card preview"
      sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'stretch' }}
    >
      <Box
        data-testid="course-card-preview"
        sx={{
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: shown(theme?.cardBackgroundColor, '#ffffff'),
          maxWidth: 320,
        }}
      >
        <Box sx={{ height: 72, bgcolor: shown(theme?.colour, '#ffffff'), borderBottom: 1, borderColor: 'divider' }} />
        <Box sx={{ p: 2 }}>
          <Typography
            component="p"
            sx={{ fontSize: '0.75rem', fontWeight: 700, letterSpacing: '0.04em', textTransform: 'uppercase' }}
            style={{ color: shown(theme?.catalogueCodeFontColor, '#1f2937') }}
          >
            {code?.trim() || 'CATALOGUE-CODE'}
          </Typography>
          <Typography component="p" sx={{ fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere', color: '#111827' }}>
            {name?.trim() || 'Catalogue name'}
          </Typography>
          <Box
            aria-hidden
            sx={{ mt: 1.5, height: 8, borderRadius: 4, overflow: 'hidden' }}
            style={{ backgroundColor: shown(theme?.progressBarBackgroundColor, '#e5e7eb') }}
          >
            <Box
              sx={{ width: '60%', height: '100%' }}
              style={{ backgroundColor: shown(theme?.progressBarCompletionColor, '#5850EC') }}
            />
          </Box>
          <Typography
            component="p"
            sx={{ fontSize: '0.8125rem', mt: 0.75 }}
            style={{ color: shown(theme?.completionTextColor, '#1f2937') }}
          >
            60% complete
          </Typography>
        </Box>
      </Box>
      <Box
        sx={{ borderRadius: 2, border: 1, borderColor: 'divider', p: 1.5, maxWidth: 320, display: 'flex', gap: 1 }}
        style={{ backgroundColor: shown(theme?.backgroundColor, '#ffffff') }}
      >
        <Box
          sx={{ px: 1.5, py: 0.5, borderRadius: 1, color: '#ffffff', fontSize: '0.8125rem', fontWeight: 600 }}
          style={{ backgroundColor: shown(theme?.activeStateColor, '#5850EC') }}
        >
          Active
        </Box>
        <Box sx={{ px: 1.5, py: 0.5, fontSize: '0.8125rem', color: '#374151' }}>Other</Box>
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        The course card and the dashboard in the chosen colours.
      </Typography>
    </Box>
  );
}

/** Every colour of the catalogue's theme, with a live preview. */
export function ThemeStep() {
  const { readOnly } = useEditor();
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 320px' }, alignItems: 'start' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          Course card
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {COURSE_CARD.map((key) => (
            <ColourInput
              key={key}
              name={`catalogueTheme.${key}`}
              label={FIELD_LABELS[key] ?? key}
              readOnly={readOnly}
            />
          ))}
        </Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 1 }}>
          Dashboard
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {DASHBOARD.map((key) => (
            <ColourInput
              key={key}
              name={`catalogueTheme.${key}`}
              label={FIELD_LABELS[key] ?? key}
              readOnly={readOnly}
            />
          ))}
        </Box>
      </Box>
      <ThemePreview />
    </Box>
  );
}
