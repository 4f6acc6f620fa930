import type { TableConfig } from '../../../components/data-table';
import type { OtsCatalogue } from '../api/get-ots-catalogues';

export const EDIT_OTS_PATH = '/publisher/editOts';

/** The OTS manager's catalogues: name, code, subscription and OTS counts, archived or not, and a link to edit. */
export const otsCataloguesTableConfig: TableConfig<OtsCatalogue> = {
  title: 'Catalogues',
  checkboxKeyMap: 'catalogueId',
  searchTextMap: ['catalogueName', 'catalogueCode'],
  emptyMessages: { empty: 'No catalogues yet.', emptySearch: 'No catalogues match your search.' },
  minWidth: 760,
  columns: [
    { id: 'name', title: 'Catalogue', dataMapping: 'catalogueName', sortable: true, extraWidth: 200 },
    { id: 'code', title: 'Code', dataMapping: 'catalogueCode', sortable: true },
    { id: 'subscriptions', title: 'Subscriptions', dataMapping: 'subscriptionCount', sortable: true, align: 'right' },
    { id: 'ots', title: 'OTS products', dataMapping: 'otsCount', sortable: true, align: 'right' },
    {
      id: 'state',
      title: 'State',
      dataMapping: (catalogue) => (catalogue.archived ? 'ARCHIVED' : 'ACTIVE'),
      elementType: 'statusLabel',
      elementConfig: { labels: { ARCHIVED: 'Archived', ACTIVE: 'Active' } },
      sortable: true,
    },
    {
      id: 'open',
      title: 'Edit OTS',
      hideTitle: true,
      elementType: 'button',
      align: 'right',
      elementConfig: {
        label: 'Edit OTS',
        to: EDIT_OTS_PATH,
        query: (catalogue) => ({ catalogueId: catalogue.catalogueId }),
        ariaLabel: (catalogue) => `Edit OTS of ${catalogue.catalogueName}`,
      },
    },
  ],
};
