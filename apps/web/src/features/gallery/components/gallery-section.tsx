import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface GallerySectionProps {
  /** The anchor (#id) and the test id of the section. */
  id: string;
  title: string;
  /** Which piece it is and where it lives. */
  description?: ReactNode;
  children: ReactNode;
  /** Put the samples on a plain background instead of a card (pieces that bring their own card). */
  bare?: boolean;
}

/** One section of the gallery: a heading, a line about the piece and its samples. */
export function GallerySection({ id, title, description, children, bare = false }: GallerySectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Box component="section" id={id} aria-labelledby={headingId} sx={{ mb: 5, scrollMarginTop: 80 }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      {bare ? (
        children
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {children}
        </Paper>
      )}
    </Box>
  );
}

/** A labelled sample inside a section. */
export function Sample({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ '& + &': { mt: 3 } }}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}
