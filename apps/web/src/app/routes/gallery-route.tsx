import { DemoVideoPicker } from '../../features/demo-videos/components/demo-video-picker';
import { GalleryPage } from '../../features/gallery/components/gallery-page';
import { PickerGallerySample } from '../../features/resource-picker/components/picker-gallery-sample';

/** /dev/gallery, with the resource picker and demo-video samples of their own features. */
export default function GalleryRoute() {
  return <GalleryPage resourcePicker={<PickerGallerySample />} demoVideos={<DemoVideoPicker />} />;
}
