import {
  STUDENT_UPDATE_STATE_TAGS,
  STUDENT_UPDATE_TYPE_LABELS,
  canDeleteUpdate,
  formatIndiaDateWithTime,
  type StudentUpdate,
  type StudentUpdateType,
} from '@lectern/contract';
import type { TableConfig } from '../../../components/data-table';
import { UPDATE_TAG_STYLES, audienceLines, publishSortValue, publishTimeText } from './update-display';

export interface UpdatesTableActions {
  edit: (update: StudentUpdate) => void;
  withdraw: (update: StudentUpdate) => void;
  remove: (update: StudentUpdate) => void;
  updateType: StudentUpdateType;
  /** a state filter is applied: the empty message says so */
  filtered: boolean;
}

const withdrawable = (update: StudentUpdate) => update.state === 'SCHEDULED' || update.state === 'PUBLISHED';

/**
 * One type's updates: the title (it opens the drawer), the status tag (draft, scheduled, published,
 * unpublished), who it reaches, when students see it, who wrote it and when it last changed, and the
 * actions (edit, withdraw what students see or will see, delete what they do not see now).
 */
export function updatesTableConfig({
  edit,
  withdraw,
  remove,
  updateType,
  filtered,
}: UpdatesTableActions): TableConfig<StudentUpdate> {
  const kind = STUDENT_UPDATE_TYPE_LABELS[updateType].toLowerCase();
  return {
    title: STUDENT_UPDATE_TYPE_LABELS[updateType],
    checkboxKeyMap: 'updateId',
    searchTextMap: ['title', 'createdBy', (update) => update.audience.targets.map((target) => target.name).join(' ')],
    emptyMessages: {
      empty: filtered ? `No ${kind} in this state.` : `No ${kind} yet.`,
      emptySearch: `No ${kind} match your search.`,
    },
    minWidth: 1080,
    columns: [
      {
        id: 'title',
        title: 'Title',
        elementType: 'button',
        dataMapping: 'title',
        elementConfig: { variant: 'text', onClick: edit },
        sortable: true,
        sortValue: (update) => update.title.toLowerCase(),
        extraWidth: 220,
      },
      {
        id: 'status',
        title: 'Status',
        elementType: 'tag',
        dataMapping: (update) => STUDENT_UPDATE_STATE_TAGS[update.state],
        elementConfig: { styles: UPDATE_TAG_STYLES },
        sortable: true,
      },
      {
        id: 'audience',
        title: 'Audience',
        elementType: 'infoText',
        dataMapping: audienceLines,
        elementConfig: {
          info: (update) =>
            update.audience.targets.length > 1 ? update.audience.targets.map((target) => target.name).join(', ') : '',
          infoLabel: 'Everyone it is sent to',
        },
        sortable: true,
        sortValue: (update) => update.audience.studentCount,
        extraWidth: 180,
      },
      {
        id: 'publish',
        title: 'Publish time',
        dataMapping: publishTimeText,
        sortable: true,
        sortValue: publishSortValue,
        extraWidth: 170,
      },
      { id: 'author', title: 'Author', dataMapping: 'createdBy', sortable: true },
      {
        id: 'updated',
        title: 'Updated',
        dataMapping: (update) => formatIndiaDateWithTime(update.updatedAt),
        sortable: true,
        sortValue: (update) => update.updatedAt,
        extraWidth: 170,
      },
      {
        id: 'edit',
        title: 'Edit',
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: 'Edit',
          variant: 'text',
          onClick: edit,
          ariaLabel: (update) => `Edit ${update.title}`,
        },
      },
      {
        id: 'withdraw',
        title: 'Withdraw',
        hideTitle: true,
        elementType: 'button',
        disabled: (update) => !withdrawable(update),
        elementConfig: {
          label: 'Withdraw',
          variant: 'text',
          onClick: withdraw,
          ariaLabel: (update) => `Withdraw ${update.title}`,
        },
      },
      {
        id: 'delete',
        title: 'Delete',
        hideTitle: true,
        elementType: 'button',
        disabled: (update) => !canDeleteUpdate(update.state),
        elementConfig: {
          label: 'Delete',
          variant: 'text',
          onClick: remove,
          ariaLabel: (update) => `Delete ${update.title}`,
        },
      },
    ],
  };
}
