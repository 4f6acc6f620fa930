import { CatalogueEditorPage } from '../../features/catalogues/components/catalogue-editor-page';
import { DemoVideoBrowser } from '../../features/demo-videos/components/demo-video-browser';
import { ResourcePicker } from '../../features/resource-picker/components/resource-picker';

/**
 * /publisher/catalogueManager/createCatalogue: the catalogue editor, with the pickers of their own
 * features (resource picker for images and files, Browse Demo Videos for preview videos) handed in.
 */
export default function CreateCataloguePage() {
  return (
    <CatalogueEditorPage
      resourcePicker={(props) => <ResourcePicker {...props} />}
      demoVideoBrowser={({ open, onClose, onAdd }) => (
        <DemoVideoBrowser
          open={open}
          onClose={onClose}
          onAdd={({ catalogueId, video }) =>
            onAdd({
              videoId: video.videoId,
              title: video.Name,
              duration: video.videoDurationInSecond,
              catalogueId,
              transcodingStatus: video.transcodingStatus,
            })
          }
        />
      )}
    />
  );
}
