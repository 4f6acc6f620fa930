import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { formatDate, formatBytes } from '@lectern/contract';
import { FileDropZone } from '../../../components/file-drop-zone';
import { notify } from '../../../components/feedback/notify';
import { ImageCropModal } from '../../../components/image-crop-modal';
import { MultiSelect } from '../../../components/multi-select';
import { PageHeader } from '../../../components/page-header';
import { SearchBar } from '../../../components/search-bar';
import {
  DateRangeSearch,
  FilterChips,
  FilterMenu,
  type FilterGroup,
  type FilterLevel,
  type FilterValue,
} from '../../../components/search-filter';
import { FilterBar } from '../../../components/list';
import { SubHeader } from '../../../components/sub-header';
import { TableHeaderInput, TableHeaderSearch } from '../../../components/table-header-inputs';
import { VideoFilesTableHeader } from '../../../components/video-files-table-header';
import { GallerySection, Sample } from './gallery-section';

const STATUS_OPTIONS = [
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'FINISHED', label: 'Finished' },
  { value: 'READY_TO_BE_PUBLISHED', label: 'Ready to be published' },
  { value: 'PUBLISHED', label: 'Published' },
];

const FILTERS: (FilterGroup | FilterLevel)[] = [
  {
    id: 'status',
    label: 'Status',
    options: [
      { value: 'open', label: 'Open' },
      { value: 'cancelled', label: 'Cancelled' },
    ],
  },
  {
    id: 'where',
    label: 'Location',
    groups: [
      {
        id: 'state',
        label: 'State',
        options: [
          { value: 'KA', label: 'Karnataka' },
          { value: 'MH', label: 'Maharashtra' },
        ],
      },
      {
        id: 'courier',
        label: 'Courier',
        options: [
          { value: 'DTDC', label: 'DTDC' },
          { value: 'INDIA_POST', label: 'India Post' },
        ],
      },
    ],
  },
];

const TRANSCODING_FILTER: FilterGroup[] = [
  {
    id: 'transcoding',
    label: 'Transcoding',
    options: [
      { value: 'COMPLETE', label: 'Transcoded' },
      { value: 'PROGRESSING', label: 'In progress' },
    ],
  },
];

/** A sample picture for the crop modal, drawn on a canvas (no file or network needed). */
function samplePicture(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 800;
  canvas.height = 500;
  const context = canvas.getContext('2d');
  if (!context) return '';
  const gradient = context.createLinearGradient(0, 0, 800, 500);
  gradient.addColorStop(0, '#5850EC');
  gradient.addColorStop(1, '#0E9F6E');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 800, 500);
  context.fillStyle = '#ffffff';
  context.font = 'bold 56px sans-serif';
  context.fillText('Lectern', 60, 120);
  context.font = '28px sans-serif';
  context.fillText('Crop me: the crop starts at 50% by 50%.', 60, 180);
  return canvas.toDataURL('image/png');
}

/** Page header variants, sub-header, search inputs, multi-select, filters, drop zone and crop. */
export function InputSections() {
  const [searched, setSearched] = useState('');
  const [added, setAdded] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<string[]>(['IN_PROGRESS']);
  const [filters, setFilters] = useState<FilterValue>({ status: 'open' });
  const [menuFilters, setMenuFilters] = useState<FilterValue>({});
  const [range, setRange] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [cropSrc, setCropSrc] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  return (
    <>
      <GallerySection
        id="page-header"
        title="Page header"
        description="components/page-header.tsx: back arrow (to a route or back in history), title, extra title in brackets, subtitle, figures, buttons and search."
      >
        <Sample label="Title only">
          <PageHeader title="Coupons" titleComponent="h4" />
        </Sample>
        <Sample label="Back to a route, extra title, subtitle and figures">
          <PageHeader
            titleComponent="h4"
            title="Organic Chemistry"
            extraTitle="Draft"
            back="/dev/gallery"
            subtitle="Assigned to Rohan Iyer and Sneha Kulkarni"
            figures={[
              { label: 'Units', value: 12 },
              { label: 'Topics', value: 48 },
              { label: 'Video time', value: '14:05:09' },
            ]}
          />
        </Sample>
        <Sample label="Back in history, buttons and search">
          <PageHeader
            titleComponent="h4"
            title="Batch Management"
            back
            actions={
              <Button variant="contained" startIcon={<AddIcon />}>
                Create batch
              </Button>
            }
            search={{ label: 'Search batches', onSearch: (text) => notify('info', `Searched for '${text}'.`) }}
          />
        </Sample>
      </GallerySection>

      <GallerySection
        id="sub-header"
        title="Sub-header"
        description="components/sub-header.tsx: search bar, text input (button on with validation), multi-select dropdown with checkboxes, spacer and buttons."
      >
        <SubHeader
          items={[
            { kind: 'search', label: 'Search units', onSearch: setSearched },
            {
              kind: 'input',
              label: 'Unit name',
              buttonLabel: 'Add Unit',
              validate: true,
              onSubmit: (text) => setAdded((a) => [...a, text]),
            },
            { kind: 'multi-select', label: 'Status', options: STATUS_OPTIONS, value: statuses, onChange: setStatuses },
            { kind: 'spacer' },
            { kind: 'button', label: 'Create', onClick: () => notify('success', 'Created.') },
          ]}
        />
        <Typography variant="body2" color="text.secondary">
          {`Searched: '${searched}' · Units added: ${added.length === 0 ? 'none' : added.join(', ')} · Status: ${statuses.join(', ') || 'any'}`}
        </Typography>
      </GallerySection>

      <GallerySection
        id="search-inputs"
        title="Search bar, table header inputs and multi-select"
        description="components/search-bar.tsx ('Search...', 'Search'; hidden button; number mode of up to 10 digits), table-header-inputs.tsx (search as you type; input with a button, 200 characters at most) and multi-select.tsx."
      >
        <Sample label="Search bar">
          <SearchBar onSearch={(text) => notify('info', `Searched for '${text}'.`)} />
        </Sample>
        <Sample label="Number mode, button hidden (Enter searches)">
          <SearchBar
            numberMode
            hideButton
            placeholder="Mobile number"
            onSearch={(text) => notify('info', `Looking up ${text}.`)}
          />
        </Sample>
        <Sample label="Table header search">
          <TableHeaderSearch label="Search the table" onSearch={setSearched} />
        </Sample>
        <Sample label="Table header input with a button">
          <TableHeaderInput
            label="Topic name"
            buttonLabel="Add Topic"
            onSubmit={(text) => setAdded((a) => [...a, text])}
          />
        </Sample>
        <Sample label="Multi-select">
          <MultiSelect label="Status" options={STATUS_OPTIONS} value={statuses} onChange={setStatuses} />
        </Sample>
      </GallerySection>

      <GallerySection
        id="search-filter"
        title="Search-and-filter toolbar"
        description="components/search-filter: date-range search (Start Date, End Date, Search; 'Select proper date range!'), filter menu with radio groups and a multi-level menu, and the chosen filters as chips."
      >
        <Sample label="The whole toolbar">
          <FilterBar
            label="Filter samples"
            dateRange={{ onSearch: ({ start, end }) => setRange(`${formatDate(start)} to ${formatDate(end)}`) }}
            menu={{ filters: FILTERS, value: filters, onChange: setFilters }}
          />
          <Typography variant="body2" color="text.secondary">
            {range ? `Searched ${range}.` : 'No date search yet.'}
          </Typography>
        </Sample>
        <Sample label="Parts alone: date range, filter menu and chips">
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <DateRangeSearch
              label="Date range search (alone)"
              onSearch={({ start, end }) => setRange(`${formatDate(start)} to ${formatDate(end)}`)}
            />
            <Box>
              <FilterMenu filters={FILTERS} value={menuFilters} onChange={setMenuFilters} label="More filters" />
            </Box>
            <FilterChips
              chips={[
                { key: 'a', label: 'Courier: DTDC' },
                { key: 'b', label: 'State: Karnataka' },
              ]}
              onDelete={(key) => notify('info', `Removed chip ${key}.`)}
            />
          </Box>
        </Sample>
      </GallerySection>

      <GallerySection
        id="video-files-header"
        title="Video Files table header"
        description="components/video-files-table-header.tsx: 'Refresh Table' and an optional filter menu."
      >
        <VideoFilesTableHeader
          refreshing={refreshing}
          onRefresh={() => {
            setRefreshing(true);
            setTimeout(() => setRefreshing(false), 1200);
          }}
          filter={{ filters: TRANSCODING_FILTER, value: menuFilters, onChange: setMenuFilters }}
        />
      </GallerySection>

      <GallerySection
        id="drop-zone"
        title="File drop zone and image crop"
        description="components/file-drop-zone.tsx (one file; 'Multiple Files not supported!') and image-crop-modal.tsx (starts at 50% by 50%, gives a JPEG)."
      >
        <Sample label="Drop zone (images)">
          <FileDropZone accept={{ 'image/*': ['.png', '.jpg', '.jpeg'] }} onFileChange={setFile} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {file ? `Chosen: ${file.name}` : 'No file chosen.'}
          </Typography>
        </Sample>
        <Sample label="Crop modal">
          <Button variant="outlined" onClick={() => setCropSrc(samplePicture())}>
            Crop a sample picture
          </Button>
          {cropSrc !== null && (
            <ImageCropModal
              open
              src={cropSrc}
              onCancel={() => setCropSrc(null)}
              onSave={(image) => {
                notify('success', `Cropped to a ${formatBytes(image.size)} JPEG.`);
                setCropSrc(null);
              }}
            />
          )}
        </Sample>
      </GallerySection>
    </>
  );
}
