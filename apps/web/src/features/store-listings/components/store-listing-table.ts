import type { StoreListingListItem } from '@lectern/contract';
import { statusStyle, type ColumnConfig, type TableConfig } from '../../../components/data-table';
import { completeness, fromListItem } from './completeness';
import { STORE_EDITOR_PATH } from '../hooks/use-store-listing-params';
import { MESSAGES, fillMessage, plural } from '@lectern/contract';

/** Which of the two store-manager tables: the listings with their tags, or the details with what each holds. */
export type ListingView = 'listings' | 'details';

/** 'published' or 'draft' (spec 1 §4 tags). */
export const publishTag = (row: Pick<StoreListingListItem, 'publishState'>) =>
  row.publishState ? 'published' : 'draft';

/** 'listed' while students can find it in the store (published, catalogue not archived), else 'not listed'. */
export const listedTag = (row: Pick<StoreListingListItem, 'publishState' | 'catalogueArchived'>) =>
  row.publishState && !row.catalogueArchived ? 'listed' : 'not listed';

export function categoryText(row: Pick<StoreListingListItem, 'category'>): string | null {
  if (!row.category) return null;
  const sub = row.category.subCategory?.subCategoryName;
  return sub ? `${row.category.categoryName} / ${sub}` : row.category.categoryName;
}

const NAME_COLUMN: ColumnConfig<StoreListingListItem> = {
  // the code under the name keeps the row actions in sight at 1440 px
  id: 'name',
  title: 'Listing and code',
  elementType: 'infoText',
  dataMapping: (row) => [row.storeListingName, row.storeListingCode],
  elementConfig: { info: (row) => `Catalogue: ${row.catalogueName} (${row.catalogueCode})`, infoLabel: 'Catalogue' },
  sortable: true,
  sortValue: (row) => row.storeListingName.toLowerCase(),
  extraWidth: 200,
};

/** What a listing holds, three short lines: '2 plans · 1 video', '3 FAQs · 2 testimonials', '1 paper · 0 recommended'. */
function holds(row: Pick<StoreListingListItem, 'counts'>): string[] {
  const c = row.counts;
  return [
    `${plural(c.subscriptions, 'plan')} · ${plural(c.previewVideos, 'video')}`,
    `${plural(c.faqs, 'FAQ')} · ${plural(c.testimonials, 'testimonial')}`,
    `${plural(c.questionPapers, 'paper')} · ${c.recommendationCourses} recommended`,
  ];
}

const ACTIONS: ColumnConfig<StoreListingListItem>[] = [
  {
    id: 'edit',
    title: 'Edit',
    hideTitle: true,
    elementType: 'button',
    elementConfig: {
      label: 'Edit',
      variant: 'text',
      to: STORE_EDITOR_PATH,
      query: (row) => ({ storeId: row.storeListingId }),
      ariaLabel: (row) => `Edit ${row.storeListingName}`,
    },
  },
  {
    id: 'preview',
    title: 'Preview',
    hideTitle: true,
    elementType: 'button',
    elementConfig: {
      label: 'Preview',
      variant: 'text',
      to: STORE_EDITOR_PATH,
      query: (row) => ({ storeId: row.storeListingId, preview: 'desktop' }),
      ariaLabel: (row) => `Preview ${row.storeListingName}`,
    },
  },
];

/**
 * The store listings (spec 2 §2): 'listings' shows each with its catalogue, category and the status
 * tags of spec 1 §4; 'details' shows what each holds (FAQs, testimonials, videos...) and how complete it is.
 */
export function storeListingTableConfig(
  view: ListingView,
  filtered: boolean,
  remove: (row: StoreListingListItem) => void,
): TableConfig<StoreListingListItem> {
  const actions: ColumnConfig<StoreListingListItem>[] = [
    ...ACTIONS,
    {
      id: 'delete',
      title: 'Delete',
      hideTitle: true,
      elementType: 'button',
      // a published listing is unpublished first (the server's rule, in its words)
      disabled: (row) => row.publishState,
      elementConfig: {
        label: 'Delete',
        variant: 'text',
        onClick: remove,
        ariaLabel: (row) => `Delete ${row.storeListingName}`,
        disabledReason: (row) =>
          row.publishState
            ? fillMessage(MESSAGES.storeListingPublished, { storeListingName: row.storeListingName })
            : null,
      },
    },
  ];
  const columns: ColumnConfig<StoreListingListItem>[] =
    view === 'listings'
      ? [
          NAME_COLUMN,
          { id: 'category', title: 'Category', dataMapping: categoryText, sortable: true, extraWidth: 120 },
          { id: 'status', title: 'Status', elementType: 'tag', dataMapping: publishTag, sortable: true },
          { id: 'store', title: 'Store', elementType: 'tag', dataMapping: listedTag, sortable: true },
          {
            // the tags 'featured on homepage' and 'featured on lead page' in their colours, read with their
            // column's heading ('Featured' under 'Homepage'), so the row actions stay in sight at 1440 px
            id: 'home',
            title: 'Homepage',
            elementType: 'tag',
            dataMapping: (row) => (row.featuredOnHomePage ? 'featured on homepage' : null),
            elementConfig: {
              styles: { 'featured on homepage': { ...statusStyle('featured on homepage'), label: 'Featured' } },
            },
            sortable: true,
            sortValue: (row) => row.featuredOnHomePage,
          },
          {
            id: 'lead',
            title: 'Lead page',
            elementType: 'tag',
            dataMapping: (row) => (row.featuredOnLeadPage ? 'featured on lead page' : null),
            elementConfig: {
              styles: { 'featured on lead page': { ...statusStyle('featured on lead page'), label: 'Featured' } },
            },
            sortable: true,
            sortValue: (row) => row.featuredOnLeadPage,
          },
          ...actions,
        ]
      : [
          NAME_COLUMN,
          { id: 'year', title: 'Target year', dataMapping: 'studentTargetYear', sortable: true, align: 'right' },
          {
            // one column of what it holds keeps the completeness and the actions in sight at 1440 px
            id: 'holds',
            title: 'Holds',
            elementType: 'infoText',
            dataMapping: holds,
            elementConfig: { info: '' },
            extraWidth: 220,
          },
          {
            id: 'complete',
            title: 'Complete',
            elementType: 'infoText',
            dataMapping: (row) => `${completeness(fromListItem(row)).percent}%`,
            elementConfig: {
              info: (row) => {
                const missing = completeness(fromListItem(row)).missing;
                return missing.length === 0 ? '' : `Missing: ${missing.join(', ')}`;
              },
              infoLabel: 'What is missing',
            },
            sortable: true,
            sortValue: (row) => completeness(fromListItem(row)).percent,
          },
          ...actions,
        ];
  return {
    title: view === 'listings' ? 'Store listings' : 'Store details',
    checkboxKeyMap: 'storeListingId',
    searchTextMap: ['storeListingName', 'storeListingCode', 'catalogueName', (row) => categoryText(row) ?? ''],
    emptyMessages: {
      empty: filtered ? 'No store listings match these filters.' : 'No store listings yet.',
      emptySearch: 'No store listings match your search.',
    },
    minWidth: view === 'listings' ? 980 : 900,
    columns,
  };
}
