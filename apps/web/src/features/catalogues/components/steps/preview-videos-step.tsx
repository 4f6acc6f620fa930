import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import VideoLibraryOutlinedIcon from '@mui/icons-material/VideoLibraryOutlined';
import { Controller, useFormContext } from 'react-hook-form';
import { FILE_TYPES, formatDuration, isAttachable, type CatalogueDetail } from '@lectern/contract';
import { FileDropZone, type Accept } from '../../../../components/file-drop-zone';
import { notify } from '../../../../components/feedback/notify';
import { QueryErrorAlert } from '../../../../components/query-error-alert';
import { TranscodingBadge } from '../../../../components/transcoding-badge';
import { enqueueVideo, uploadQueue } from '../../../../lib/uploads/default-queue';
import { useQueueState } from '../../../../lib/uploads/use-upload-queue';
import { useCataloguePreviewVideos } from '../../api/get-catalogue-preview-videos';
import type { CatalogueFormInput } from '../catalogue-form';
import { useEditor, type CatalogueEditorSlots, type ChosenDemoVideo } from '../editor-context';

const VIDEO_ACCEPT: Accept = Object.fromEntries(
  Object.values(FILE_TYPES)
    .filter((type) => type.kind === 'video')
    .map((type) => [type.contentTypes[0], type.extensions.map((e) => `.${e}`)]),
);

interface VideoRow {
  videoId: string;
  title: string;
  duration: number;
  transcodingStatus: string;
  /** from this catalogue's own folder */
  own: boolean;
}

export interface PreviewVideosStepProps {
  /** the saved catalogue; null until the first save (uploads need its folder) */
  saved: CatalogueDetail | null;
  demoVideoBrowser: CatalogueEditorSlots['demoVideoBrowser'];
}

/**
 * The catalogue's preview videos: uploads go to its own folder (preview-videos/{catalogueId}/, once it
 * exists) through the upload panel; the Browse Demo Videos drawer adds any catalogue's preview video.
 * The ticked videos (transcoded ones only) are the storefront's, sent as previewVideoIds.
 */
export function PreviewVideosStep({ saved, demoVideoBrowser }: PreviewVideosStepProps) {
  const { readOnly } = useEditor();
  const { control } = useFormContext<CatalogueFormInput>();
  const catalogueId = saved?.catalogueId ?? null;
  const own = useCataloguePreviewVideos(catalogueId, !readOnly);
  const [browsing, setBrowsing] = useState(false);
  const [added, setAdded] = useState<ChosenDemoVideo[]>([]);
  const [dropKey, setDropKey] = useState(0);

  // a video registered for this catalogue (from this page or any other) shows up without a refresh
  const queue = useQueueState(uploadQueue);
  const registered = queue.items.filter(
    (item) =>
      item.target.type === 'preview-video' && item.target.catalogueId === catalogueId && item.status === 'uploadedToDb',
  ).length;
  const { refetch } = own;
  useEffect(() => {
    if (registered > 0) void refetch();
  }, [registered, refetch]);

  const rows = useMemo<VideoRow[]>(() => {
    const byId = new Map<string, VideoRow>();
    for (const video of saved?.previewVideos ?? []) {
      byId.set(video.videoId, { ...video, own: video.catalogueId === catalogueId });
    }
    for (const video of own.data ?? []) {
      byId.set(video.videoId, {
        videoId: video.videoId,
        title: video.Name,
        duration: video.videoDurationInSecond,
        transcodingStatus: video.transcodingStatus,
        own: true,
      });
    }
    for (const video of added) {
      if (!byId.has(video.videoId)) byId.set(video.videoId, { ...video, own: video.catalogueId === catalogueId });
    }
    return [...byId.values()];
  }, [saved, own.data, added, catalogueId]);

  function upload(file: File | null) {
    if (!file || !catalogueId) return;
    const refusal = enqueueVideo(file, {
      type: 'preview-video',
      catalogueId,
      label: saved?.catalogueInfo.catalogueName,
    });
    if (refusal) notify('error', refusal);
    setDropKey((key) => key + 1);
  }

  return (
    <Controller
      control={control}
      name="previewVideoIds"
      render={({ field }) => {
        const chosen = field.value ?? [];
        const toggle = (videoId: string, on: boolean) =>
          field.onChange(
            on ? [...chosen.filter((id) => id !== videoId), videoId] : chosen.filter((id) => id !== videoId),
          );
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            {!readOnly && (
              <Box component="section" aria-labelledby="preview-upload-heading">
                <Typography id="preview-upload-heading" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
                  Upload preview videos
                </Typography>
                {catalogueId ? (
                  <>
                    <FileDropZone
                      key={dropKey}
                      accept={VIDEO_ACCEPT}
                      onFileChange={upload}
                      label="Drag and drop a video here, or click to choose one (MP4, MOV, MKV or WebM)"
                    />
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                      The upload panel shows its progress; it appears below once registered and can be chosen once
                      transcoded.
                    </Typography>
                  </>
                ) : (
                  <Alert severity="info">
                    Save the catalogue first: its preview videos are uploaded to its own folder.
                  </Alert>
                )}
              </Box>
            )}
            <Box component="section" aria-labelledby="preview-list-heading">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography
                  id="preview-list-heading"
                  variant="h3"
                  sx={{ fontSize: '1rem', fontWeight: 600, flexGrow: 1 }}
                >
                  Shown on the storefront
                </Typography>
                {!readOnly && catalogueId && (
                  <Button startIcon={<RefreshIcon />} onClick={() => void own.refetch()} disabled={own.isFetching}>
                    Refresh list
                  </Button>
                )}
                {!readOnly && (
                  <Button variant="outlined" startIcon={<VideoLibraryOutlinedIcon />} onClick={() => setBrowsing(true)}>
                    Browse Demo Videos
                  </Button>
                )}
              </Box>
              {own.isFetching && <LinearProgress aria-label="Loading preview videos" />}
              {own.isError && <QueryErrorAlert query={own} />}
              {rows.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  No preview videos yet.
                </Typography>
              ) : (
                <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                  {rows.map((video) => {
                    const selectable = isAttachable(video.transcodingStatus) || chosen.includes(video.videoId);
                    return (
                      <Box
                        key={video.videoId}
                        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.5 }}
                      >
                        <FormControlLabel
                          sx={{
                            flexGrow: 1,
                            mr: 0,
                            minWidth: 0,
                            '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' },
                          }}
                          disabled={readOnly || !selectable}
                          control={
                            <Checkbox
                              checked={chosen.includes(video.videoId)}
                              onChange={(_event, on) => toggle(video.videoId, on)}
                            />
                          }
                          label={`${video.title} (${formatDuration(video.duration)})${video.own ? '' : ' · from another catalogue'}`}
                        />
                        <TranscodingBadge status={video.transcodingStatus} />
                      </Box>
                    );
                  })}
                </Box>
              )}
            </Box>
            {!readOnly &&
              demoVideoBrowser({
                open: browsing,
                onClose: () => setBrowsing(false),
                onAdd: (video) => {
                  setAdded((previous) => [...previous.filter((item) => item.videoId !== video.videoId), video]);
                  if (!chosen.includes(video.videoId)) field.onChange([...chosen, video.videoId]);
                },
              })}
          </Box>
        );
      }}
    />
  );
}
