import type { StudentUpdateType } from '@lectern/contract';
import StudentUpdatesPage from '../../features/student-updates/components/student-updates-page';
import { ResourcePicker } from '../../features/resource-picker/components/resource-picker';

/** /student-updates/{updateType}: the updates of one kind, with the resource picker (its own feature) for images. */
export default function StudentUpdatesRoute({ updateType }: { updateType: StudentUpdateType }) {
  return (
    <StudentUpdatesPage
      updateType={updateType}
      imagePicker={({ open, onClose, onSelect }) => (
        <ResourcePicker
          open={open}
          onClose={onClose}
          resourceType="student-update-image"
          title="Student update images"
          onSelect={onSelect}
        />
      )}
    />
  );
}
