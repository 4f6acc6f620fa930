import { useMemo } from 'react';
import Box from '@mui/material/Box';
import type { SubjectDetail, Unit } from '@lectern/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type TableConfig } from '../../../components/data-table';
import { TableHeaderInput } from '../../../components/table-header-inputs';
import { SUBJECT_TOPICS_PATH } from '../hooks/use-subject-params';
import { quietly, type TreeActions } from '../hooks/use-tree-actions';
import { flagColumns } from './flag-columns';
import { plural } from '@lectern/contract';

function unitsConfig(
  subjectId: string,
  editable: boolean,
  actions: TreeActions,
  askDelete: (unit: Unit) => void,
): TableConfig<Unit> {
  const off = !editable;
  return {
    title: 'Units',
    checkboxKeyMap: 'unitId',
    pagination: { usePagination: false },
    dragAndDrop: { enabled: true, disabled: off },
    minWidth: 980,
    emptyMessages: { empty: 'No units yet. Add the first unit below.' },
    columns: [
      {
        id: 'name',
        title: 'Unit',
        elementType: 'editableText',
        dataMapping: 'unitName',
        disabled: off,
        elementConfig: {
          onEdit: (unit, unitName) => actions.updateUnit(unit.unitId, { unitName }),
          ariaLabel: (unit) => `Rename unit ${unit.unitName}`,
        },
      },
      { id: 'topics', title: 'Topics', dataMapping: (unit) => unit.totals.topics, align: 'right' },
      { id: 'subtopics', title: 'Sub-topics', dataMapping: (unit) => unit.totals.subTopics, align: 'right' },
      { id: 'time', title: 'Video time', elementType: 'duration', dataMapping: (unit) => unit.totals.totalVideoTime },
      {
        id: 'completion',
        title: 'With video',
        dataMapping: (unit) => `${Math.round(unit.completion)}%`,
        align: 'right',
      },
      ...flagColumns<Unit>(
        (unit) => unit.unitName,
        (unit, change) => actions.updateUnit(unit.unitId, change),
        off,
      ),
      {
        id: 'open',
        title: 'Topics',
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: 'Topics',
          to: SUBJECT_TOPICS_PATH,
          query: (unit) => ({ subjectId, unitId: unit.unitId }),
          ariaLabel: (unit) => `Topics of ${unit.unitName}`,
        },
      },
      {
        id: 'delete',
        title: 'Delete',
        hideTitle: true,
        elementType: 'button',
        disabled: off,
        elementConfig: {
          label: 'Delete',
          variant: 'text',
          onClick: askDelete,
          ariaLabel: (unit) => `Delete unit ${unit.unitName}`,
        },
      },
    ],
  };
}

/**
 * The units of a subject: add (the typed name stays when the save fails), rename by double-click,
 * active and free-trial switches, drag to reorder (mouse or keyboard), delete after confirming, and
 * a link to each unit's topics.
 */
export function UnitsTable({
  subject,
  editable,
  actions,
  loading = false,
}: {
  subject: SubjectDetail;
  editable: boolean;
  actions: TreeActions;
  loading?: boolean;
}) {
  const { confirm, confirmDialog } = useConfirm();
  const config = useMemo(
    () =>
      unitsConfig(subject.subjectId, editable, actions, (unit) => {
        void confirm({
          title: 'Delete unit?',
          message: `'${unit.unitName}' will be deleted with its ${plural(unit.totals.topics, 'topic')} and ${plural(unit.totals.subTopics, 'sub-topic')}.`,
          confirmLabel: 'Delete',
          destructive: true,
        }).then((ok) => {
          if (ok) quietly(actions.deleteUnit(unit.unitId));
        });
      }),
    [subject.subjectId, editable, actions, confirm],
  );

  return (
    <Box>
      <DataTable
        config={config}
        rows={subject.units}
        loading={loading}
        syncUrl={false}
        onReorder={(event) => quietly(actions.reorderUnits(event.ids.map(String)))}
      />
      <Box sx={{ mt: 1.5, maxWidth: 560 }}>
        <TableHeaderInput
          label="New unit name"
          placeholder="Unit name"
          buttonLabel="Add Unit"
          disabled={!editable}
          onSubmit={(unitName) => actions.addUnit(unitName)}
        />
      </Box>
      {confirmDialog}
    </Box>
  );
}
