import { useMemo } from 'react';
import Box from '@mui/material/Box';
import type { Subtopic, Topic, Unit } from '@lectern/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type TableConfig } from '../../../components/data-table';
import { TableHeaderInput } from '../../../components/table-header-inputs';
import { quietly, type TreeActions } from '../hooks/use-tree-actions';
import { flagColumns } from './flag-columns';
import { plural } from '@lectern/contract';

function topicsConfig(editable: boolean, actions: TreeActions, askDelete: (topic: Topic) => void): TableConfig<Topic> {
  const off = !editable;
  return {
    title: 'Topics',
    checkboxKeyMap: 'topicId',
    pagination: { usePagination: false },
    dragAndDrop: { enabled: true, disabled: off },
    minWidth: 760,
    emptyMessages: { empty: 'No topics yet. Add the first topic below.' },
    columns: [
      {
        id: 'name',
        title: 'Topic',
        elementType: 'editableText',
        dataMapping: 'topicName',
        disabled: off,
        elementConfig: {
          onEdit: (topic, topicName) => actions.updateTopic(topic.topicId, { topicName }),
          ariaLabel: (topic) => `Rename topic ${topic.topicName}`,
        },
      },
      { id: 'subtopics', title: 'Sub-topics', dataMapping: (topic) => topic.contents.length, align: 'right' },
      {
        id: 'time',
        title: 'Video time',
        elementType: 'duration',
        dataMapping: (topic) => topic.contents.reduce((sum, item) => sum + item.subTopic.videoDuration, 0),
      },
      ...flagColumns<Topic>(
        (topic) => topic.topicName,
        (topic, change) => actions.updateTopic(topic.topicId, change),
        off,
      ),
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
          ariaLabel: (topic) => `Delete topic ${topic.topicName}`,
        },
      },
    ],
  };
}

/** The topics of a unit: add, rename by double-click, switches, reorder, delete after confirming. */
export function TopicsTable({ unit, editable, actions }: { unit: Unit; editable: boolean; actions: TreeActions }) {
  const { confirm, confirmDialog } = useConfirm();
  const config = useMemo(
    () =>
      topicsConfig(editable, actions, (topic) => {
        void confirm({
          title: 'Delete topic?',
          message: `'${topic.topicName}' will be deleted with its ${plural(topic.contents.length, 'sub-topic')}.`,
          confirmLabel: 'Delete',
          destructive: true,
        }).then((ok) => {
          if (ok) quietly(actions.deleteTopic(topic.topicId));
        });
      }),
    [editable, actions, confirm],
  );
  return (
    <Box>
      <DataTable
        config={config}
        rows={unit.topics}
        syncUrl={false}
        onReorder={(event) => quietly(actions.reorderTopics(unit.unitId, event.ids.map(String)))}
      />
      <Box sx={{ mt: 1.5, maxWidth: 560 }}>
        <TableHeaderInput
          label="New topic name"
          placeholder="Topic name"
          buttonLabel="Add Topic"
          disabled={!editable}
          onSubmit={(topicName) => actions.addTopic(unit.unitId, topicName)}
        />
      </Box>
      {confirmDialog}
    </Box>
  );
}

export interface SubtopicRow extends Subtopic {
  unitId: string;
  topicId: string;
}

function subtopicsConfig(
  topic: Topic,
  editable: boolean,
  canAttach: boolean,
  actions: TreeActions,
  callbacks: {
    askDelete: (row: SubtopicRow) => void;
    pickVideo: (row: SubtopicRow) => void;
    askDetach: (row: SubtopicRow) => void;
  },
): TableConfig<SubtopicRow> {
  const off = !editable;
  return {
    title: `Sub-topics of ${topic.topicName}`,
    checkboxKeyMap: 'subtopicId',
    pagination: { usePagination: false },
    dragAndDrop: { enabled: true, disabled: off },
    minWidth: 900,
    emptyMessages: { empty: 'No sub-topics yet. Add the first one below.' },
    columns: [
      {
        id: 'name',
        title: 'Sub-topic',
        elementType: 'editableText',
        dataMapping: 'subTopicName',
        disabled: off,
        elementConfig: {
          onEdit: (row, subTopicName) => actions.updateSubtopic(row.subtopicId, { subTopicName }),
          ariaLabel: (row) => `Rename sub-topic ${row.subTopicName}`,
        },
      },
      {
        id: 'video',
        title: 'Video',
        elementType: 'multiAction',
        dataMapping: (row) => row.video?.videoName,
        disabled: !canAttach,
        extraWidth: 220,
        elementConfig: {
          onRemove: callbacks.askDetach,
          onAttach: callbacks.pickVideo,
          removeLabel: 'Remove video',
          attachLabel: 'Attach video',
        },
      },
      { id: 'duration', title: 'Duration', elementType: 'duration', dataMapping: 'videoDuration' },
      ...flagColumns<SubtopicRow>(
        (row) => row.subTopicName,
        (row, change) => actions.updateSubtopic(row.subtopicId, change),
        off,
      ),
      {
        id: 'delete',
        title: 'Delete',
        hideTitle: true,
        elementType: 'button',
        disabled: off,
        elementConfig: {
          label: 'Delete',
          variant: 'text',
          onClick: callbacks.askDelete,
          ariaLabel: (row) => `Delete sub-topic ${row.subTopicName}`,
        },
      },
    ],
  };
}

/** One topic's sub-topics: the same editing as topics, plus the attached video with attach and remove. */
export function SubtopicsTable({
  unit,
  topic,
  editable,
  canAttach,
  actions,
  onPickVideo,
}: {
  unit: Unit;
  topic: Topic;
  editable: boolean;
  canAttach: boolean;
  actions: TreeActions;
  onPickVideo: (row: SubtopicRow) => void;
}) {
  const { confirm, confirmDialog } = useConfirm();
  const rows = useMemo<SubtopicRow[]>(
    () => topic.contents.map((item) => ({ ...item.subTopic, unitId: unit.unitId, topicId: topic.topicId })),
    [topic, unit.unitId],
  );
  const config = useMemo(
    () =>
      subtopicsConfig(topic, editable, canAttach, actions, {
        pickVideo: onPickVideo,
        askDelete: (row) => {
          void confirm({
            title: 'Delete sub-topic?',
            message: `'${row.subTopicName}' will be deleted${row.video ? ' and its video detached (the file stays)' : ''}.`,
            confirmLabel: 'Delete',
            destructive: true,
          }).then((ok) => {
            if (ok) quietly(actions.deleteSubtopic(row.subtopicId));
          });
        },
        askDetach: (row) => {
          void confirm({
            title: 'Remove video?',
            message: `'${row.video?.videoName ?? ''}' will no longer play in '${row.subTopicName}'. The file stays in the subject.`,
            confirmLabel: 'Remove',
            destructive: true,
          }).then((ok) => {
            if (ok)
              quietly(
                actions.attachVideo({ unitId: row.unitId, topicId: row.topicId, subTopicId: row.subtopicId }, null),
              );
          });
        },
      }),
    [topic, editable, canAttach, actions, confirm, onPickVideo],
  );
  return (
    <Box>
      <DataTable
        config={config}
        rows={rows}
        syncUrl={false}
        onReorder={(event) => quietly(actions.reorderSubtopics(topic.topicId, event.ids.map(String)))}
      />
      <Box sx={{ mt: 1.5, maxWidth: 560 }}>
        <TableHeaderInput
          label={`New sub-topic name for ${topic.topicName}`}
          placeholder="Sub-topic name"
          buttonLabel="Add Sub-topic"
          disabled={!editable}
          onSubmit={(name) => actions.addSubtopic(topic.topicId, name)}
        />
      </Box>
      {confirmDialog}
    </Box>
  );
}
