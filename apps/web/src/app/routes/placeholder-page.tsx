import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';

/** A screen a later issue builds: its page title only for now. */
export default function PlaceholderPage({ title, subtitleParam }: { title: string; subtitleParam?: string }) {
  const params = useParams();
  const subtitle = subtitleParam ? params[subtitleParam] : undefined;
  return <PageHeader title={title} subtitle={subtitle} />;
}
