import type { Batch } from '@lectern/contract';
import type { TableConfig } from '../../../components/data-table';
import { BATCH_STATUS_STYLES, BATCH_STUDENTS_PATH, datesText, seatsText } from './batch-display';

export interface BatchesTableOptions {
  edit: (batch: Batch) => void;
  upload: (batch: Batch) => void;
  close: (batch: Batch) => void;
  /** a filter is applied: the empty message says so */
  filtered: boolean;
}

const closed = (batch: Batch) => batch.status === 'CLOSED';

/**
 * Every batch: its name (which opens its students' page) and code, branch, program, days, seats taken
 * and status; an active one can be edited, filled from a sheet and closed.
 */
export function batchesTableConfig({ edit, upload, close, filtered }: BatchesTableOptions): TableConfig<Batch> {
  return {
    title: 'Batches',
    checkboxKeyMap: 'batchId',
    searchTextMap: ['batchName', 'batchCode', 'branchName', 'programName'],
    emptyMessages: {
      empty: filtered ? 'No batches match these filters.' : 'No batches yet: add the first one.',
      emptySearch: 'No batches match your search.',
    },
    minWidth: 1280,
    columns: [
      {
        // the name opens the batch's students (the first column, so a phone reaches it without scrolling)
        id: 'name',
        title: 'Batch',
        elementType: 'button',
        dataMapping: 'batchName',
        sortable: true,
        extraWidth: 180,
        elementConfig: { variant: 'text', to: BATCH_STUDENTS_PATH, query: (batch) => ({ batchId: batch.batchId }) },
      },
      { id: 'code', title: 'Code', dataMapping: 'batchCode', sortable: true, extraWidth: 130 },
      { id: 'branch', title: 'Branch', dataMapping: 'branchName', sortable: true },
      { id: 'program', title: 'Program', dataMapping: 'programName', sortable: true },
      {
        id: 'dates',
        title: 'Dates',
        dataMapping: datesText,
        sortable: true,
        sortValue: (batch) => batch.startDate,
        extraWidth: 190,
      },
      {
        id: 'seats',
        title: 'Students',
        dataMapping: seatsText,
        sortable: true,
        sortValue: (batch) => batch.studentCount,
        extraWidth: 90,
      },
      {
        id: 'status',
        title: 'Status',
        elementType: 'tag',
        dataMapping: 'status',
        elementConfig: { styles: BATCH_STATUS_STYLES },
      },
      {
        id: 'upload',
        title: 'Upload',
        hideTitle: true,
        elementType: 'button',
        disabled: closed,
        elementConfig: {
          label: 'Upload',
          variant: 'text',
          onClick: upload,
          ariaLabel: (batch) => `Upload students to ${batch.batchName}`,
        },
      },
      {
        id: 'edit',
        title: 'Edit',
        hideTitle: true,
        elementType: 'button',
        disabled: closed,
        elementConfig: {
          label: 'Edit',
          variant: 'text',
          onClick: edit,
          ariaLabel: (batch) => `Edit ${batch.batchName}`,
        },
      },
      {
        id: 'close',
        title: 'Close',
        hideTitle: true,
        elementType: 'button',
        disabled: closed,
        elementConfig: {
          label: 'Close',
          variant: 'text',
          onClick: close,
          ariaLabel: (batch) => `Close ${batch.batchName}`,
        },
      },
    ],
  };
}
