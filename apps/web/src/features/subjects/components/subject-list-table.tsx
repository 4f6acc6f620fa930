import { formatDateLong, plural, shortenLabel, type SubjectListItem } from '@lectern/contract';
import type { TableConfig } from '../../../components/data-table';
import { SUBJECT_DETAILS_PATH } from '../hooks/use-subject-params';
import { SUBJECT_STATE_LABELS } from './subject-state';

const STATE_LABELS: Record<string, string> = SUBJECT_STATE_LABELS;

function activityInfo(message: string | null, at: string) {
  return (
    <>
      {message && <span style={{ display: 'block' }}>{message}</span>}
      <span>{formatDateLong(at)}</span>
    </>
  );
}

/** The columns of a listing table: one group of subjects (unassigned, newly assigned, ...). */
export function subjectListConfig(title: string, selectable: boolean): TableConfig<SubjectListItem> {
  return {
    title,
    checkboxKeyMap: 'subjectId',
    rowOptions: { selectable },
    minWidth: 960,
    emptyMessages: { empty: 'No subjects in this group.', emptySearch: 'No subjects in this group match your search.' },
    columns: [
      {
        id: 'name',
        title: 'Subject',
        elementType: 'button',
        dataMapping: 'subjectName',
        sortable: true,
        sortValue: (row) => row.subjectName.toLowerCase(),
        extraWidth: 160,
        elementConfig: {
          variant: 'text',
          to: SUBJECT_DETAILS_PATH,
          query: (row) => ({ subjectId: row.subjectId }),
          ariaLabel: (row) => `Open ${row.subjectName}`,
        },
      },
      { id: 'admin', title: 'Content admin', dataMapping: (row) => row.contentAdmin?.userName, sortable: true },
      {
        id: 'developers',
        title: 'Developers',
        elementType: 'chips',
        dataMapping: (row) => row.contentDevelopers.map((person) => person.userName),
        elementConfig: { max: 2 },
      },
      {
        id: 'contents',
        title: 'Contents',
        dataMapping: (row) =>
          `${plural(row.unitCount, 'unit')}, ${plural(row.topicCount, 'topic')}, ${plural(row.subTopicCount, 'sub-topic')}`,
        sortable: true,
        sortValue: (row) => row.unitCount,
      },
      { id: 'duration', title: 'Duration', elementType: 'duration', dataMapping: 'duration', sortable: true },
      {
        id: 'state',
        title: 'State',
        elementType: 'statusLabel',
        dataMapping: 'subjectState',
        elementConfig: { labels: STATE_LABELS },
      },
      {
        id: 'activity',
        title: 'Last activity',
        elementType: 'infoText',
        // long messages (a reviewer's reason) are cut here and shown whole in the tooltip
        dataMapping: (row) => (row.activityMessage ? shortenLabel(row.activityMessage) : null),
        extraWidth: 180,
        sortable: true,
        sortValue: (row) => row.activityAt ?? undefined,
        elementConfig: {
          info: (row) => (row.activityAt ? activityInfo(row.activityMessage, row.activityAt) : ''),
          infoLabel: 'Activity details',
        },
      },
    ],
  };
}
