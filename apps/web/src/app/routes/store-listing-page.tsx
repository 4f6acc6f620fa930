import { DemoVideoBrowser } from '../../features/demo-videos/components/demo-video-browser';
import { ResourcePicker } from '../../features/resource-picker/components/resource-picker';
import { StoreListingEditorPage } from '../../features/store-listings/components/store-listing-editor-page';

/**
 * /publisher/storeManager/store: the store-listing editor, with the pickers of their own features
 * (resource picker for the icon, photos and papers; Browse Demo Videos for preview videos) handed in.
 */
export default function StoreListingPage() {
  return (
    <StoreListingEditorPage
      resourcePicker={(props) => <ResourcePicker {...props} />}
      demoVideoBrowser={({ open, onClose, onAdd }) => (
        <DemoVideoBrowser
          open={open}
          onClose={onClose}
          onAdd={({ catalogueId, video, thumbnailUrl }) =>
            onAdd({ catalogueId, videoId: video.videoId, title: video.Name, thumbnailUrl })
          }
        />
      )}
    />
  );
}
