import LiveClassesPage from '../../features/live-classes/components/live-classes-page';
import { ResourcePicker } from '../../features/resource-picker/components/resource-picker';

/** /live-classes: the schedule, with the resource picker (its own feature) for class thumbnails. */
export default function LiveClassesRoute() {
  return (
    <LiveClassesPage
      thumbnailPicker={({ open, onClose, onSelect }) => (
        <ResourcePicker
          open={open}
          onClose={onClose}
          resourceType="live-class-thumbnail"
          title="Live class thumbnails"
          onSelect={onSelect}
        />
      )}
    />
  );
}
