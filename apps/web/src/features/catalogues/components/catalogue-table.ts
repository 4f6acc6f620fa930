import type { CatalogueListItem } from '@lectern/contract';
import { statusStyle, type ColumnConfig, type TableConfig } from '../../../components/data-table';
import { CATALOGUE_EDITOR_PATH, type ArchivedFilter } from '../hooks/use-catalogue-params';

export interface CatalogueTableActions {
  /** Archive or unarchive (the caller asks first). */
  toggleArchived: (catalogue: CatalogueListItem) => void;
  remove: (catalogue: CatalogueListItem) => void;
  /** Archive and delete are the publisher area's: FINANCE only opens catalogues to change prices. */
  canManage: boolean;
  filter: ArchivedFilter;
}

const EMPTY: Record<ArchivedFilter, string> = {
  active: 'No catalogues yet.',
  archived: 'No archived catalogues.',
  all: 'No catalogues yet.',
};

const ARCHIVED_COLUMN: ColumnConfig<CatalogueListItem> = {
  id: 'archived',
  title: 'Archived',
  elementType: 'statusLabel',
  dataMapping: (row) => (row.archived ? 'archived' : 'active'),
  sortable: true,
  elementConfig: {
    styles: {
      active: { ...statusStyle('published'), label: 'Active' },
      archived: { ...statusStyle('unpublished'), label: 'Archived' },
    },
  },
};

/** The status tags of spec 2 §4 'listed' / 'not listed' (store listing). */
const listingStatus = (row: CatalogueListItem) => (row.storeListed ? 'listed' : 'not listed');

/** Where the store features the catalogue: on its home page lists, on the lead page, or both. */
const featuredFlags = (row: CatalogueListItem) => [
  ...(row.featured ? ['featured'] : []),
  ...(row.featuredOnLeadPage ? ['leadPage'] : []),
];
// under the 'Featured' heading: 'Lead page' reads as featured on the lead page, and keeps the column narrow
const FLAG_LABELS: Record<string, string> = { featured: 'Featured', leadPage: 'Lead page' };

/**
 * The catalogue list: name, code, number of subjects, duration (derived from the subjects), the
 * lowest subscription price, the store-listing tag, the featured flags, archived, and the row actions.
 */
export function catalogueTableConfig({
  toggleArchived,
  remove,
  canManage,
  filter,
}: CatalogueTableActions): TableConfig<CatalogueListItem> {
  return {
    title: 'Catalogues',
    checkboxKeyMap: 'catalogueId',
    searchTextMap: ['catalogueName', 'catalogueCode', (row) => row.subjects.map((s) => s.subjectName).join(' ')],
    emptyMessages: { empty: EMPTY[filter], emptySearch: 'No catalogues match your search.' },
    // fits beside the navigation on a 1440 px screen; narrower screens scroll sideways
    minWidth: (canManage ? 940 : 760) + (filter === 'all' ? 110 : 0),
    columns: [
      {
        // the code under the name: one column instead of two keeps the row actions in sight at 1440 px
        id: 'name',
        title: 'Name and code',
        elementType: 'infoText',
        dataMapping: (row) => [row.catalogueName, row.catalogueCode],
        elementConfig: { info: '' },
        sortable: true,
        sortValue: (row) => row.catalogueName.toLowerCase(),
        extraWidth: 180,
      },
      {
        id: 'subjects',
        title: 'Subjects',
        dataMapping: (row) => row.subjects.length,
        align: 'right',
      },
      { id: 'duration', title: 'Duration', elementType: 'duration', dataMapping: 'duration', sortable: true },
      {
        id: 'lowestPrice',
        title: 'Lowest price',
        elementType: 'amount',
        dataMapping: 'lowestPrice',
        sortable: true,
        sortValue: (row) => row.lowestPrice ?? undefined,
        align: 'right',
        extraWidth: 110,
      },
      { id: 'status', title: 'Status', elementType: 'tag', dataMapping: listingStatus, sortable: true },
      {
        id: 'featured',
        title: 'Featured',
        elementType: 'chips',
        dataMapping: featuredFlags,
        elementConfig: { getLabel: (flag) => FLAG_LABELS[flag] ?? flag },
      },
      // in the active and archived views every row says the same: the column shows with 'All' only
      ...(filter === 'all' ? [ARCHIVED_COLUMN] : []),
      {
        id: 'edit',
        title: 'Edit',
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: 'Edit',
          variant: 'text',
          to: CATALOGUE_EDITOR_PATH,
          query: (row) => ({ catalogueId: row.catalogueId }),
          ariaLabel: (row) => `Edit ${row.catalogueName}`,
        },
      },
      ...(canManage
        ? ([
            {
              id: 'archive',
              title: 'Archive',
              hideTitle: true,
              elementType: 'button',
              elementConfig: {
                label: (row) => (row.archived ? 'Unarchive' : 'Archive'),
                variant: 'text',
                onClick: toggleArchived,
                ariaLabel: (row) => `${row.archived ? 'Unarchive' : 'Archive'} ${row.catalogueName}`,
              },
            },
            {
              id: 'delete',
              title: 'Delete',
              hideTitle: true,
              elementType: 'button',
              elementConfig: {
                label: 'Delete',
                variant: 'text',
                onClick: remove,
                ariaLabel: (row) => `Delete ${row.catalogueName}`,
              },
            },
          ] satisfies TableConfig<CatalogueListItem>['columns'])
        : []),
    ],
  };
}
