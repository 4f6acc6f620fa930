import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { hasPermission } from '@lectern/contract';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useSession } from '../../../lib/session';
import { useCatalogue } from '../api/get-catalogue';
import { CATALOGUE_LIST_PATH, useCatalogueIdParam } from '../hooks/use-catalogue-params';
import { CatalogueEditor } from './catalogue-editor';
import type { CatalogueEditorSlots } from './editor-context';

/**
 * /publisher/catalogueManager/createCatalogue (?catalogueId= to edit): loads the catalogue and opens
 * the editor. Publisher staff edit everything; FINANCE edits prices of existing catalogues only.
 */
export function CatalogueEditorPage(slots: CatalogueEditorSlots) {
  const catalogueId = useCatalogueIdParam();
  const roles = useSession()?.roles ?? [];
  const canEdit = hasPermission(roles, 'publisher');
  const catalogue = useCatalogue(catalogueId);

  if (!catalogueId && !canEdit) {
    return (
      <>
        <PageHeader title="Create catalogue" back={CATALOGUE_LIST_PATH} />
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={CATALOGUE_LIST_PATH}>
              Catalogue list
            </Button>
          }
        >
          Only publisher staff create catalogues. Open a catalogue from the list to change its prices.
        </Alert>
      </>
    );
  }
  if (catalogueId && catalogue.isError) {
    return (
      <>
        <PageHeader title="Catalogue" back={CATALOGUE_LIST_PATH} />
        <QueryErrorAlert query={catalogue} />
      </>
    );
  }
  if (catalogueId && !catalogue.data) {
    return (
      <>
        <PageHeader title="Catalogue" back={CATALOGUE_LIST_PATH} />
        <PageLoading />
      </>
    );
  }
  return <CatalogueEditor key={catalogueId ?? 'new'} saved={catalogue.data ?? null} readOnly={!canEdit} {...slots} />;
}
