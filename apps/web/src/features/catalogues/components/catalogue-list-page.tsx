import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import AddIcon from '@mui/icons-material/Add';
import { PAGES, hasPermission, type CatalogueListItem } from '@lectern/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { FilterBar, useListController } from '../../../components/list';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useSession } from '../../../lib/session';
import { useCatalogues } from '../api/get-catalogues';
import { useDeleteCatalogue, useUpdateCatalogue } from '../api/catalogue-mutations';
import {
  ARCHIVED_FILTERS,
  ARCHIVED_FILTER_LABELS,
  ARCHIVED_QUERY,
  CATALOGUES_URL_KEY,
  CATALOGUE_EDITOR_PATH,
  CATALOGUE_FILTERS,
  CATALOGUE_LIST_PATH,
  type ArchivedFilter,
} from '../hooks/use-catalogue-params';
import { catalogueTableConfig } from './catalogue-table';

const TITLE = PAGES.find((page) => page.path === CATALOGUE_LIST_PATH)?.pageName ?? 'Catalogues';

/**
 * /publisher/catalogueManager/catalogueList: every catalogue with its derived duration, lowest price
 * and store status. Publisher staff (SUPER_ADMIN, CONTENT_ADMIN) create, archive and delete; FINANCE
 * opens a catalogue to change its prices.
 */
export default function CatalogueListPage() {
  const roles = useSession()?.roles ?? [];
  const canManage = hasPermission(roles, 'publisher');
  const list = useListController({ schema: CATALOGUE_FILTERS, urlKey: CATALOGUES_URL_KEY });
  const filter = list.filters.show;
  const catalogues = useCatalogues(ARCHIVED_QUERY[filter]);
  const { mutateAsync: update } = useUpdateCatalogue();
  const { mutateAsync: remove } = useDeleteCatalogue();
  const { confirm, confirmDialog } = useConfirm();

  const config = useMemo(() => {
    async function toggleArchived(catalogue: CatalogueListItem) {
      const archiving = !catalogue.archived;
      const ok = await confirm(
        archiving
          ? {
              title: `Archive '${catalogue.catalogueName}'?`,
              message: 'It leaves the active list; students who bought it keep it. You can unarchive it at any time.',
              confirmLabel: 'Archive',
            }
          : {
              title: `Unarchive '${catalogue.catalogueName}'?`,
              message: 'It returns to the active list.',
              confirmLabel: 'Unarchive',
            },
      );
      if (!ok) return;
      await update({ catalogueId: catalogue.catalogueId, version: catalogue.version, archived: archiving }).catch(
        () => undefined,
      );
    }
    async function confirmRemove(catalogue: CatalogueListItem) {
      const ok = await confirm({
        title: `Delete '${catalogue.catalogueName}'?`,
        message: `'${catalogue.catalogueName}' (${catalogue.catalogueCode}) will be deleted with its subscriptions, add-ons and one-time-sale products. This cannot be undone.`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      if (!ok) return;
      // a refusal (store-listed, subscribers) shows the server's message
      await remove(catalogue.catalogueId).catch(() => undefined);
    }
    return catalogueTableConfig({
      canManage,
      filter,
      toggleArchived: (catalogue) => void toggleArchived(catalogue),
      remove: (catalogue) => void confirmRemove(catalogue),
    });
  }, [canManage, filter, confirm, update, remove]);

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={
          canManage
            ? 'Courses built from published subjects, with their prices, subscriptions and add-ons.'
            : 'Open a catalogue to change its subscription and add-on prices.'
        }
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={CATALOGUE_EDITOR_PATH}>
              Create catalogue
            </Button>
          ) : undefined
        }
      />
      <FilterBar
        label="Filter catalogues"
        leading={
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={filter}
            aria-label="Show catalogues"
            onChange={(_event, value: ArchivedFilter | null) => {
              if (value) list.setFilters({ show: value });
            }}
          >
            {ARCHIVED_FILTERS.map((option) => (
              <ToggleButton key={option} value={option} sx={{ px: 2, color: 'text.secondary' }}>
                {ARCHIVED_FILTER_LABELS[option]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      <DataTable
        config={config}
        rows={catalogues.data ?? []}
        {...list.table}
        loading={catalogues.isPending}
        error={catalogues.isError ? <QueryErrorAlert query={catalogues} /> : undefined}
      />
      {confirmDialog}
    </>
  );
}
