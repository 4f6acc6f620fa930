import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDuration, formatIndiaDateTime, type PlayableVideo } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { SectionCard } from '../../../components/section-card';
import { VideoPlayer } from '../../../components/video-player';
import { useVideoUrl } from '../../../lib/queries/get-video-url';
import { useHomeVideo, useSetHomeVideo } from '../api/home-video';
import { VideoChoiceDialog } from './video-choice-dialog';

/**
 * The home video in the shared player: the signed original and the HLS stream of the file explorer's
 * preview where this person may ask for them, else the stream the home page itself plays.
 */
function HomePlayer({ video }: { video: PlayableVideo }) {
  const urls = useVideoUrl(video.videoId);
  if (urls.isPending) {
    return <Skeleton variant="rectangular" sx={{ width: '100%', aspectRatio: '16 / 9', height: 'auto' }} />;
  }
  return (
    <VideoPlayer
      src={urls.data?.url ?? video.videoUrl}
      hlsUrl={urls.data?.hlsUrl ?? video.videoUrl}
      posterUrl={urls.data?.posterUrl ?? video.thumbnail}
      label={`Home page video: ${video.videoName}`}
    />
  );
}

export const HOME_VIDEO_TITLE = "Video on the students' home page";

/**
 * The video on the students' home page (/cms/pagecontent/videourl): the current one in the player with
 * its name, 'Change' to pick another transcoded video, 'Remove' after confirmation. Each save carries the
 * version the panel read, so a choice made meanwhile by someone else is not overwritten silently.
 */
export function HomeVideoPanel() {
  const home = useHomeVideo();
  const setHomeVideo = useSetHomeVideo();
  const [choosing, setChoosing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const video = home.data?.video ?? null;
  const version = home.data?.version ?? 0;

  return (
    <Box component="section" aria-label={HOME_VIDEO_TITLE} sx={{ mb: 3 }}>
      <SectionCard
        title={HOME_VIDEO_TITLE}
        action={
          home.data ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="outlined" size="small" onClick={() => setChoosing(true)}>
                {video ? 'Change' : 'Choose video'}
              </Button>
              {video && (
                <Button color="error" size="small" onClick={() => setRemoving(true)}>
                  Remove
                </Button>
              )}
            </Box>
          ) : undefined
        }
      >
        {home.isPending ? (
          <Box
            sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}
            role="status"
            aria-busy="true"
            aria-label="Loading the video"
          >
            <Skeleton
              variant="rectangular"
              sx={{ width: { xs: '100%', sm: 320 }, aspectRatio: '16 / 9', height: 'auto' }}
            />
            <Skeleton width={200} />
          </Box>
        ) : home.isError ? (
          <QueryErrorAlert query={home} />
        ) : video ? (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start' }}>
            <Box sx={{ width: { xs: '100%', sm: 320 }, flexShrink: 0 }}>
              <HomePlayer key={video.videoId} video={video} />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="home-video-name">
                {video.videoName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  video.subjectName ?? 'Preview video',
                  video.durationSeconds !== null ? formatDuration(video.durationSeconds) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              {home.data?.updatedBy && home.data.updatedAt && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  Chosen by {home.data.updatedBy} on {formatIndiaDateTime(home.data.updatedAt)}.
                </Typography>
              )}
            </Box>
          </Box>
        ) : (
          <Typography color="text.secondary" data-testid="home-video-name">
            The home page shows no video. Choose a transcoded video for every student to see first.
          </Typography>
        )}
      </SectionCard>
      <VideoChoiceDialog
        open={choosing}
        title="Choose the home page video"
        currentId={video?.videoId ?? null}
        chooseLabel="Use this video"
        onClose={() => setChoosing(false)}
        onChoose={(chosen) =>
          setHomeVideo.mutateAsync({ videoId: chosen.videoId, version, videoName: chosen.videoName })
        }
      />
      <ConfirmDialog
        open={removing}
        title="Remove the home page video?"
        message={`'${video?.videoName ?? ''}' will no longer play on the students' home page; the video itself stays.`}
        confirmLabel="Remove"
        destructive
        onConfirm={() => setHomeVideo.mutateAsync({ videoId: null, version })}
        onClose={() => setRemoving(false)}
      />
    </Box>
  );
}
