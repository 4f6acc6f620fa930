import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import { CONSTANTS, formatDuration, isAttachable, type VideoFile, plural } from '@lectern/contract';
import { DrawerForm } from '../../../components/drawer-form';
import { FormStepper } from '../../../components/form-stepper';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { TranscodingBadge } from '../../../components/transcoding-badge';
import { VideoPlayer } from '../../../components/video-player';
import { SearchBar } from '../../../components/search-bar';
import { useVideoUrl } from '../../../lib/queries/get-video-url';
import { usePreviewFolders } from '../api/get-preview-folders';
import { usePreviewVideos } from '../api/get-preview-videos';

/** What 'Add video' gives back. */
export interface AddedDemoVideo {
  catalogueId: string;
  video: VideoFile;
  thumbnailUrl: string;
}

export interface DemoVideoBrowserProps {
  open: boolean;
  onClose: () => void;
  /** Receives the choice; the drawer then closes and starts afresh (after the promise, when one is returned). */
  onAdd: (added: AddedDemoVideo) => void | Promise<unknown>;
  /** The Thumbnails step's children area, under the thumbnails. */
  children?: ReactNode;
}

export const DEMO_BROWSER_TITLE = 'Browse Demo Videos';

/** The three steps of spec 2 §2, with their subtitles as the spec writes them. */
export const DEMO_STEPS = [
  { label: 'Folders', subtitle: 'Select the folder' },
  { label: 'Files', subtitle: 'Select the video file' },
  { label: 'Thumbnails', subtitle: 'Select the auto-generated thumnnail image' },
] as const;

type Step = 0 | 1 | 2;

/**
 * The Browse Demo Videos drawer (spec 2 §2, §4). Folders (catalogues; a click selects, a double
 * click opens), then Files (the folder's preview videos with their transcoding badge and a search;
 * only transcoded files can be chosen), then Thumbnails (the chosen file's auto-generated images).
 * 'Next step' waits for a choice, 'Add video' for an attachable file and a thumbnail. Back from
 * Thumbnails forgets the thumbnail; back from Files the search and the file. Closing starts afresh.
 */
export function DemoVideoBrowser({ open, onClose, onAdd, children }: DemoVideoBrowserProps) {
  const [step, setStep] = useState<Step>(0);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [file, setFile] = useState<VideoFile | null>(null);
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const folders = usePreviewFolders(open);
  const files = usePreviewVideos(open && step >= 1 ? folderId : null);
  const urls = useVideoUrl(open && step === 2 && file ? file.videoId : null);

  function reset() {
    setStep(0);
    setFolderId(null);
    setSearch('');
    setFile(null);
    setThumbnail(null);
  }

  // however it was closed (here or by the caller), it opens again at the first step
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) reset();
  }

  function close() {
    reset();
    onClose();
  }

  function back() {
    if (step === 2) {
      setThumbnail(null);
      setStep(1);
    } else if (step === 1) {
      setSearch('');
      setFile(null);
      setStep(0);
    }
  }

  async function add() {
    if (!folderId || !file || !thumbnail || !isAttachable(file.transcodingStatus)) return;
    setAdding(true);
    try {
      await onAdd({ catalogueId: folderId, video: file, thumbnailUrl: thumbnail });
      close();
    } catch {
      // the caller shows why; the choice stays for another try
    } finally {
      setAdding(false);
    }
  }

  const attachable = file !== null && isAttachable(file.transcodingStatus);
  const canGoOn = step === 0 ? folderId !== null : step === 1 ? attachable : attachable && thumbnail !== null;

  const fileList = files.data?.fileList;
  const shownFiles = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    const all = fileList ?? [];
    return wanted ? all.filter((video) => video.Name.toLowerCase().includes(wanted)) : all;
  }, [fileList, search]);

  const folderName = folders.data?.find((folder) => folder.catalogueId === folderId)?.catalogueName;

  return (
    <DrawerForm
      open={open}
      onClose={close}
      title={DEMO_BROWSER_TITLE}
      subtitle={DEMO_STEPS[step].subtitle}
      variant="stepper"
      primaryLabel={step === 2 ? 'Add video' : 'Next step'}
      primaryDisabled={!canGoOn}
      submitting={adding}
      // the back button is hidden on the Folders step, where the way out is Cancel
      secondaryLabel={step === 0 ? 'Cancel' : 'Back'}
      onSecondary={step === 0 ? close : back}
      onSubmit={() => {
        if (!canGoOn) return;
        if (step === 2) void add();
        else setStep(step === 0 ? 1 : 2);
      }}
    >
      <Box sx={{ mb: 2 }}>
        <FormStepper steps={DEMO_STEPS.map(({ label }) => ({ label }))} activeStep={step} />
      </Box>

      {step === 0 && (
        <Box>
          {folders.isPending && <LinearProgress aria-label="Loading folders" />}
          {folders.isError && <QueryErrorAlert query={folders} />}
          {folders.data?.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              There are no catalogues yet.
            </Typography>
          )}
          <List role="listbox" aria-label="Folders" dense sx={{ mx: -1 }}>
            {folders.data?.map((folder) => {
              const selected = folder.catalogueId === folderId;
              return (
                <ListItemButton
                  key={folder.catalogueId}
                  role="option"
                  aria-selected={selected}
                  selected={selected}
                  onClick={() => setFolderId(folder.catalogueId)}
                  onDoubleClick={() => {
                    setFolderId(folder.catalogueId);
                    setStep(1);
                  }}
                  sx={{ borderRadius: 1 }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <FolderOutlinedIcon color={selected ? 'primary' : 'action'} />
                  </ListItemIcon>
                  <ListItemText
                    primary={folder.catalogueName}
                    secondary={plural(folder.videoCount, 'video')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                  {selected && <CheckCircleIcon color="primary" fontSize="small" aria-hidden />}
                </ListItemButton>
              );
            })}
          </List>
        </Box>
      )}

      {step === 1 && (
        <Box>
          {folderName && (
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {folderName}
            </Typography>
          )}
          <Box sx={{ mb: 1 }}>
            <SearchBar
              inForm
              fullWidth
              hideButton
              label="Search video files"
              maxLength={CONSTANTS.headerInputMax}
              value={search}
              onChange={setSearch}
              onSearch={setSearch}
            />
          </Box>
          {files.isPending && <LinearProgress aria-label="Loading video files" />}
          {files.isError && <QueryErrorAlert query={files} />}
          {files.data && shownFiles.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {search.trim() ? 'No video files match your search.' : 'This folder has no demo videos yet.'}
            </Typography>
          )}
          <List role="listbox" aria-label="Video files" dense sx={{ mx: -1 }}>
            {shownFiles.map((video) => {
              const selectable = isAttachable(video.transcodingStatus);
              const selected = video.videoId === file?.videoId;
              return (
                <ListItemButton
                  key={video.videoId}
                  role="option"
                  aria-selected={selected}
                  disabled={!selectable}
                  selected={selected}
                  onClick={() => {
                    if (selectable) setFile(video);
                  }}
                  sx={{
                    borderRadius: 1,
                    alignItems: 'flex-start',
                    gap: 1,
                    // a file that cannot be chosen stays readable, its badge saying why
                    '&.Mui-disabled': { opacity: 1, color: 'text.secondary' },
                  }}
                >
                  <ListItemText
                    primary={video.Name}
                    secondary={formatDuration(video.videoDurationInSecond)}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pt: 0.75, flexShrink: 0 }}>
                    <TranscodingBadge status={video.transcodingStatus} />
                    {selected && <CheckCircleIcon color="primary" fontSize="small" aria-hidden />}
                  </Box>
                </ListItemButton>
              );
            })}
          </List>
          {fileList && fileList.some((video) => !isAttachable(video.transcodingStatus)) && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Only transcoded videos can be chosen.
            </Typography>
          )}
        </Box>
      )}

      {step === 2 && file && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {file.Name}
          </Typography>
          {urls.isPending && <LinearProgress aria-label="Loading thumbnails" />}
          {urls.isError && <QueryErrorAlert query={urls} />}
          {urls.data && (
            <>
              <VideoPlayer
                src={urls.data.url}
                hlsUrl={urls.data.hlsUrl}
                posterUrl={urls.data.posterUrl}
                label={`Preview of ${file.Name}`}
                sx={{ maxHeight: 220 }}
              />
              {urls.data.thumbnailUrls.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                  This video has no auto-generated thumbnails yet.
                </Typography>
              ) : (
                <Box
                  role="listbox"
                  aria-label="Thumbnails"
                  sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1, mt: 2 }}
                >
                  {urls.data.thumbnailUrls.map((url, index) => {
                    const selected = url === thumbnail;
                    return (
                      <Box
                        key={url}
                        component="button"
                        type="button"
                        role="option"
                        aria-selected={selected}
                        aria-label={`Thumbnail ${index + 1} of ${urls.data.thumbnailUrls.length}`}
                        onClick={() => setThumbnail(url)}
                        sx={{
                          position: 'relative',
                          p: 0,
                          border: 3,
                          borderColor: selected ? 'primary.main' : 'transparent',
                          borderRadius: 1,
                          overflow: 'hidden',
                          cursor: 'pointer',
                          bgcolor: 'grey.100',
                          aspectRatio: '16 / 9',
                          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
                        }}
                      >
                        <Box
                          component="img"
                          src={url}
                          alt=""
                          loading="lazy"
                          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
                        />
                        {selected && (
                          <CheckCircleIcon
                            color="primary"
                            aria-hidden
                            sx={{
                              position: 'absolute',
                              top: 4,
                              right: 4,
                              bgcolor: 'common.white',
                              borderRadius: '50%',
                            }}
                          />
                        )}
                      </Box>
                    );
                  })}
                </Box>
              )}
            </>
          )}
          {children && <Box sx={{ mt: 2 }}>{children}</Box>}
        </Box>
      )}
    </DrawerForm>
  );
}
