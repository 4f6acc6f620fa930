import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { DemoVideoPicker } from '../../features/demo-videos/components/demo-video-picker';

/**
 * /publisher/catalogueManager/createCatalogue: for now only the demo videos of the catalogue (the
 * Browse Demo Videos drawer); the rest of the catalogue editor comes with the publisher issue.
 */
export default function CreateCataloguePage() {
  return (
    <>
      <PageHeader title="Publisher - Create Catalogue" />
      <SectionCard title="Demo videos">
        <DemoVideoPicker />
      </SectionCard>
    </>
  );
}
