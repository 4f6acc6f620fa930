import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { STUDENT_UPDATE_TYPE_LABELS, formatIndiaDateTime, type StudentUpdateType } from '@lectern/contract';
import { SafeHtml } from './safe-html';
import type { ChosenVideo } from './update-form';

export interface UpdatePreviewProps {
  updateType: StudentUpdateType;
  title: string;
  /** HTML from the editor or the server */
  body: string;
  imageUrl: string;
  video: ChosenVideo | null;
  /** the instant students see it at (scheduled, or published), or null: when it is published */
  at: string | null;
}

/**
 * 'As a student sees it': the update as a card on a phone-sized screen (360 px at most): its type, the
 * image or the video's thumbnail, the title, the text and the time. It follows the form as it is typed.
 */
export function UpdatePreview({ updateType, title, body, imageUrl, video, at }: UpdatePreviewProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: '100%' }}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        As a student sees it
      </Typography>
      <Box
        data-testid="update-preview"
        sx={{
          maxWidth: 360,
          mx: 'auto',
          border: 8,
          borderColor: 'grey.800',
          borderRadius: 5,
          bgcolor: 'grey.100',
          p: 1.5,
          minHeight: 420,
        }}
      >
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 2, overflow: 'hidden', boxShadow: 1 }}>
          {imageUrl ? (
            <Box
              component="img"
              src={imageUrl}
              alt=""
              sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
            />
          ) : video ? (
            <Box
              sx={{
                position: 'relative',
                aspectRatio: '16 / 9',
                bgcolor: 'grey.800',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {video.thumbnail && (
                <Box
                  component="img"
                  src={video.thumbnail}
                  alt=""
                  sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
                />
              )}
              <PlayCircleOutlineIcon sx={{ position: 'relative', fontSize: 48, color: 'common.white' }} />
              <Typography
                variant="caption"
                sx={{
                  position: 'absolute',
                  left: 8,
                  bottom: 6,
                  color: 'common.white',
                  bgcolor: 'rgba(0,0,0,0.7)',
                  px: 0.75,
                  borderRadius: 0.5,
                }}
              >
                Video: {video.videoName}
              </Typography>
            </Box>
          ) : null}
          <Box sx={{ p: 1.5 }}>
            <Chip size="small" label={STUDENT_UPDATE_TYPE_LABELS[updateType]} sx={{ mb: 1 }} />
            <Typography
              component="p"
              data-testid="preview-title"
              sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
            >
              {title.trim() || 'Your title'}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              {at ? formatIndiaDateTime(at) : 'When it is published'}
            </Typography>
            <Box data-testid="preview-body" sx={{ fontSize: '0.9rem' }}>
              {body ? (
                <SafeHtml html={body} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  The text of the update.
                </Typography>
              )}
            </Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
