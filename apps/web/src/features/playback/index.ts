// Playing stored videos: their signed addresses and a preview that streams HLS once transcoded.
export { getVideoUrl, useVideoUrl, videoUrlQueryOptions } from './api/get-video-url';
export { VideoPreview } from './components/video-preview';
