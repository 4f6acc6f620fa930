import type { BulkRowOutcome, MobileFix } from '@lectern/contract';
import type { TableConfig } from '../../../components/data-table';

/** One row of the preview: what the sheet holds and what the upload does (or did) with it. */
export interface PreviewRow {
  rowNumber: number;
  name: string;
  mobileNumber: string;
  outcome: BulkRowOutcome;
  reason: string;
  fix: MobileFix | null;
  fixAccepted: boolean;
}

export const OUTCOME_LABELS: Readonly<Record<BulkRowOutcome, string>> = {
  NEW_STUDENT: 'New student',
  EXISTING_STUDENT_ADDED: 'Existing student added',
  ALREADY_IN_BATCH: 'Already in the batch',
  ERROR: 'Left out',
};

const OUTCOME_STYLES = {
  new_student: { label: OUTCOME_LABELS.NEW_STUDENT, colour: '#03543F', background: '#DEF7EC' },
  existing_student_added: { label: OUTCOME_LABELS.EXISTING_STUDENT_ADDED, colour: '#1E429F', background: '#E1EFFE' },
  already_in_batch: { label: OUTCOME_LABELS.ALREADY_IN_BATCH, colour: '#374151', background: '#F3F4F6' },
  error: { label: OUTCOME_LABELS.ERROR, colour: '#9B1C1C', background: '#FDE8E8' },
};

const fixText = (row: PreviewRow) =>
  row.fix
    ? `${row.fixAccepted ? 'Fixed' : 'Suggested'}: ${row.fix.to} (${row.fix.why}; the sheet has '${row.fix.from}')`
    : '';

/** Every row of the sheet with its outcome and reason, and the fix suggested for its mobile number. */
export function previewTableConfig(dryRun: boolean): TableConfig<PreviewRow> {
  return {
    title: dryRun ? 'What the upload will do' : 'What the upload did',
    checkboxKeyMap: 'rowNumber',
    searchTextMap: ['name', 'mobileNumber', 'reason'],
    emptyMessages: { empty: 'No rows with this outcome.', emptySearch: 'No rows match your search.' },
    rowOptions: { dense: true },
    minWidth: 900,
    columns: [
      { id: 'row', title: 'Row', dataMapping: 'rowNumber', sortable: true },
      { id: 'name', title: 'Name', dataMapping: 'name', sortable: true, extraWidth: 150 },
      { id: 'mobile', title: 'Mobile number', dataMapping: 'mobileNumber', extraWidth: 130 },
      {
        id: 'outcome',
        title: 'Outcome',
        elementType: 'tag',
        dataMapping: 'outcome',
        elementConfig: { styles: OUTCOME_STYLES },
        sortable: true,
        extraWidth: 150,
      },
      {
        id: 'reason',
        title: 'Reason or fix',
        elementType: 'infoText',
        dataMapping: (row) => {
          const lines = [row.reason, fixText(row)].filter(Boolean);
          return lines.length > 0 ? lines : ['—'];
        },
        elementConfig: { info: '' },
        extraWidth: 280,
      },
    ],
  };
}
