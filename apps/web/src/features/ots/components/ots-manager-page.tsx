import { PAGES } from '@lectern/contract';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useOtsCatalogues } from '../api/get-ots-catalogues';
import { otsCataloguesTableConfig } from './ots-catalogues-table';

const PAGE_NAME = PAGES.find((page) => page.path === '/publisher/otsManager')?.pageName ?? 'OTS Manager';

/** /publisher/otsManager: the catalogues, each with its subscriptions and one-time-sale products counted. */
export default function OtsManagerPage() {
  const catalogues = useOtsCatalogues();
  return (
    <>
      <PageHeader
        title={PAGE_NAME}
        subtitle="One-time-sale products: open a catalogue to add, edit or delete the products of its subscriptions."
      />
      <DataTable
        config={otsCataloguesTableConfig}
        rows={catalogues.data ?? []}
        urlKey="ots"
        loading={catalogues.isPending}
        error={catalogues.isError ? <QueryErrorAlert query={catalogues} /> : undefined}
      />
    </>
  );
}
