import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { PageLoading } from '../../../components/page-loading';
import { useConfig } from '../../../lib/config-query';
import { FeedbackSections, DisplaySections } from './feedback-samples';
import { InputSections } from './input-samples';
import { TableSections } from './table-samples';
import { GallerySection } from './gallery-section';

/** Where everyone but a demo-mode visitor goes: the gallery does not exist for them. */
const NOT_FOUND = '/errors/error-404';
export const GALLERY_TITLE = 'Component Gallery';

/** The sections, in page order, for the contents line at the top. */
export const GALLERY_SECTIONS: readonly { id: string; label: string }[] = [
  { id: 'page-header', label: 'Page header' },
  { id: 'sub-header', label: 'Sub-header' },
  { id: 'search-inputs', label: 'Search inputs' },
  { id: 'search-filter', label: 'Search and filter' },
  { id: 'video-files-header', label: 'Video Files header' },
  { id: 'drop-zone', label: 'Drop zone and crop' },
  { id: 'data-table', label: 'Data table' },
  { id: 'data-table-states', label: 'Table states' },
  { id: 'reorder-table', label: 'Reordering' },
  { id: 'selection-bar', label: 'Selection bar' },
  { id: 'big-table', label: '10,000 rows' },
  { id: 'drawer-form', label: 'Drawer form' },
  { id: 'modal', label: 'Modal and confirm' },
  { id: 'snackbar', label: 'Snackbars' },
  { id: 'spinner-overlay', label: 'Spinner overlay' },
  { id: 'tabs', label: 'Tabs' },
  { id: 'badges', label: 'Badges' },
  { id: 'stepper', label: 'Stepper' },
  { id: 'card', label: 'Card' },
  { id: 'resource-picker', label: 'Resource picker' },
  { id: 'demo-videos', label: 'Demo videos' },
];

/** The samples of other features' pieces: the route hands them in, as features never import each other. */
export interface GalleryFeatureSamples {
  resourcePicker: ReactNode;
  demoVideos: ReactNode;
}

/**
 * /dev/gallery: every shared screen piece with sample data, so a developer can see them all. It
 * exists only in demo mode (the runtime config says so); elsewhere it is the 404 page.
 */
export function GalleryPage(samples: GalleryFeatureSamples) {
  const config = useConfig();
  if (config.isPending) return <PageLoading />;
  if (!config.data?.demoMode) return <Navigate to={NOT_FOUND} replace />;
  return <Gallery {...samples} />;
}

function Gallery({ resourcePicker, demoVideos }: GalleryFeatureSamples) {
  // after the sample page headers (children set theirs first), so the tab reads the gallery's title
  useDocumentTitle(GALLERY_TITLE);
  return (
    <>
      <PageHeader
        title={GALLERY_TITLE}
        subtitle="Every shared piece of apps/web/src/components with sample data. Demo mode only; nothing here is saved."
      />
      <Box component="nav" aria-label="Gallery sections" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 4 }}>
        {GALLERY_SECTIONS.map((section) => (
          <Chip key={section.id} component="a" href={`#${section.id}`} label={section.label} clickable size="small" />
        ))}
      </Box>
      <InputSections />
      <TableSections />
      <FeedbackSections />
      <DisplaySections />
      <GallerySection
        id="resource-picker"
        title="Resource picker"
        description="features/resource-picker: the drawer of spec 2 §2 ('Catalogue Images' unless named, 'Upload Files', 'Load More...', 'Add resource'). It lists and uploads real files of the chosen folder."
      >
        {resourcePicker}
      </GallerySection>
      <GallerySection
        id="demo-videos"
        title="Browse Demo Videos"
        description="features/demo-videos: the three-step drawer of spec 2 §2 (Folders, Files, Thumbnails) over the real preview videos; only transcoded files can be added, each with one of its auto-generated thumbnails."
      >
        {demoVideos}
      </GallerySection>
    </>
  );
}
