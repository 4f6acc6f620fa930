import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import VideoLibraryOutlinedIcon from '@mui/icons-material/VideoLibraryOutlined';
import { useState } from 'react';
import { formatDuration, type ListableCatalogue } from '@lectern/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useVideoUrl, videoUrlQueryOptions } from '../../../../lib/queries/get-video-url';
import { notify } from '../../../../components/feedback/notify';
import { useEditor, type ChosenDemoVideo, type StoreListingEditorSlots } from '../editor-context';
import { useFieldError } from '../fields';
import type { StoreListingFormInput } from '../store-listing-form';

type CatalogueVideo = ListableCatalogue['previewVideos'][number];

/** The generated thumbnails of one video (storage keys), shown through their signed addresses, one to choose. */
function ThumbnailChoice({
  video,
  value,
  onChange,
}: {
  video: CatalogueVideo;
  value: string | null;
  onChange: (key: string | null) => void;
}) {
  const urls = useVideoUrl(video.videoId);
  const choices = [
    ...(video.poster ? [{ key: video.poster, url: urls.data?.posterUrl ?? null, label: 'Poster' }] : []),
    ...video.thumbnails.map((key, index) => ({
      key,
      url: urls.data?.thumbnailUrls[index] ?? null,
      label: `Thumbnail ${index + 1}`,
    })),
  ];
  if (choices.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        This video has no generated thumbnails.
      </Typography>
    );
  }
  return (
    <RadioGroup
      row
      aria-label={`Thumbnail of ${video.title}`}
      value={value ?? ''}
      onChange={(_event, key) => onChange(key === '' ? null : key)}
      sx={{ gap: 1 }}
    >
      {choices.map((choice) => (
        <FormControlLabel
          key={choice.key}
          value={choice.key}
          control={<Radio size="small" />}
          sx={{ m: 0, alignItems: 'flex-start' }}
          label={
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Box
                component={choice.url ? 'img' : 'div'}
                src={choice.url ?? undefined}
                alt=""
                sx={{ width: 112, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.200' }}
              />
              <Typography variant="caption">{choice.label}</Typography>
            </Box>
          }
        />
      ))}
    </RadioGroup>
  );
}

/** The thumbnail key behind a signed address the drawer gave: the key is in its path. */
export function thumbnailKey(video: CatalogueVideo, url: string): string | null {
  const path = decodeURIComponent(url.split('?')[0] ?? url);
  return video.thumbnails.find((key) => path.endsWith(key)) ?? video.thumbnails[0] ?? video.poster;
}

/**
 * The store icon (resource picker, cropped on upload) and the preview videos: the catalogue's
 * transcoded ones, ticked here or added through the Browse Demo Videos drawer with a generated thumbnail.
 */
export function MediaStep({
  catalogue,
  demoVideoBrowser,
}: {
  catalogue: ListableCatalogue | undefined;
  demoVideoBrowser: StoreListingEditorSlots['demoVideoBrowser'];
}) {
  const [browsing, setBrowsing] = useState(false);
  const queryClient = useQueryClient();
  const { pick } = useEditor();
  const { control, register, setValue } = useFormContext<StoreListingFormInput>();
  const icon = useWatch({ control, name: 'storeIconUrl' });
  const { fields, append, remove } = useFieldArray({ control, name: 'previewVideos', keyName: 'key' });
  const chosenVideos = useWatch({ control, name: 'previewVideos' });
  const iconError = useFieldError('storeIconUrl');
  const videosError = useFieldError('previewVideos');
  const titleErrors = useFormContext<StoreListingFormInput>().formState.errors.previewVideos;

  /** A video from the drawer: one of this catalogue's (a listing shows its own catalogue's videos only). */
  function addFromDrawer(chosen: ChosenDemoVideo): Promise<void> {
    const video = catalogue?.previewVideos.find((v) => v.videoId === chosen.videoId);
    if (!catalogue || !video) {
      const message = catalogue
        ? `Choose a preview video of ${catalogue.catalogueName}: a listing shows its own catalogue's videos.`
        : 'Choose the catalogue first.';
      notify('error', message);
      return Promise.reject(new Error(message));
    }
    // the drawer showed the addresses this cache holds, in the order of the video's thumbnail keys
    const shown = queryClient.getQueryData(videoUrlQueryOptions(video.videoId).queryKey)?.thumbnailUrls ?? [];
    const position = shown.indexOf(chosen.thumbnailUrl);
    const thumbnail = position >= 0 ? (video.thumbnails[position] ?? null) : thumbnailKey(video, chosen.thumbnailUrl);
    const index = chosenVideos.findIndex((v) => v.videoId === video.videoId);
    if (index >= 0) setValue(`previewVideos.${index}.thumbnail`, thumbnail, { shouldDirty: true });
    else append({ videoId: video.videoId, title: video.title.replace(/\.[a-z0-9]+$/i, ''), tag: '', thumbnail });
    return Promise.resolve();
  }

  function chooseIcon() {
    pick({
      resourceType: 'store-icon',
      title: 'Store icon',
      onSelect: (file) => setValue('storeIconUrl', file.url, { shouldDirty: true, shouldValidate: true }),
    });
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box component="section" aria-labelledby="store-icon-heading">
        <Typography id="store-icon-heading" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          Store icon
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box
            component={icon ? 'img' : 'div'}
            src={icon || undefined}
            alt={icon ? 'Store icon' : undefined}
            sx={{
              width: 96,
              height: 96,
              borderRadius: 2,
              objectFit: 'cover',
              bgcolor: 'grey.100',
              border: 1,
              borderColor: 'divider',
            }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={chooseIcon}>
              {icon ? 'Change icon' : 'Choose icon'}
            </Button>
            {icon && (
              <Button color="error" onClick={() => setValue('storeIconUrl', '', { shouldDirty: true })}>
                Remove icon
              </Button>
            )}
          </Box>
        </Box>
        <input type="hidden" {...register('storeIconUrl')} />
        <Typography variant="caption" color={iconError ? 'error' : 'text.secondary'} component="p" sx={{ mt: 1 }}>
          {iconError ?? 'Upload a square image in the picker: it is cropped before it is saved.'}
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="preview-videos-heading">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id="preview-videos-heading" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, flexGrow: 1 }}>
            Preview videos
          </Typography>
          <Button
            variant="outlined"
            startIcon={<VideoLibraryOutlinedIcon />}
            onClick={() => setBrowsing(true)}
            disabled={!catalogue}
          >
            Browse Demo Videos
          </Button>
        </Box>
        {videosError && (
          <Typography color="error" variant="body2" role="alert">
            {videosError}
          </Typography>
        )}
        {!catalogue ? (
          <Typography variant="body2" color="text.secondary">
            Choose the catalogue first: the listing shows its transcoded preview videos.
          </Typography>
        ) : catalogue.previewVideos.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {`${catalogue.catalogueName} has no transcoded preview videos yet. Upload them on the catalogue's Preview videos step.`}
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            {catalogue.previewVideos.map((video) => {
              const index = fields.findIndex((field) => field.videoId === video.videoId);
              const chosen = index >= 0 ? fields[index] : undefined;
              const titleError = index >= 0 ? titleErrors?.[index]?.title?.message : undefined;
              return (
                <Box
                  component="li"
                  key={video.videoId}
                  sx={{ border: 1, borderColor: chosen ? 'primary.main' : 'divider', borderRadius: 1, p: 1.5 }}
                >
                  <FormControlLabel
                    sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                    control={
                      <Checkbox
                        checked={Boolean(chosen)}
                        onChange={(_event, on) => {
                          if (on) {
                            append({
                              videoId: video.videoId,
                              title: video.title.replace(/\.[a-z0-9]+$/i, ''),
                              tag: '',
                              thumbnail: video.thumbnails[0] ?? video.poster,
                            });
                          } else if (index >= 0) remove(index);
                        }}
                      />
                    }
                    label={`${video.title} (${formatDuration(video.duration)})`}
                  />
                  {chosen && index >= 0 && (
                    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 1, pl: { sm: 4 } }}>
                      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
                        <TextField
                          label="Title shown"
                          required
                          {...register(`previewVideos.${index}.title`)}
                          error={Boolean(titleError)}
                          helperText={titleError}
                        />
                        <TextField label="Tag" placeholder="Biology" {...register(`previewVideos.${index}.tag`)} />
                      </Box>
                      <ThumbnailChoice
                        video={video}
                        value={chosenVideos[index]?.thumbnail ?? null}
                        onChange={(thumbnail) =>
                          setValue(`previewVideos.${index}.thumbnail`, thumbnail, { shouldDirty: true })
                        }
                      />
                    </Box>
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
      {demoVideoBrowser({ open: browsing, onClose: () => setBrowsing(false), onAdd: addFromDrawer })}
    </Box>
  );
}
