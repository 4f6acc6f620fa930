import type { LiveClass } from '@lectern/contract';
import type { TableConfig } from '../../../components/data-table';
import { formatClassTime } from './class-time';
import { LIVE_CLASS_STATUS_STYLES, PROVIDER_LABELS, audienceText, subjectText } from './live-class-display';

export interface LiveClassesTableOptions {
  open: (liveClass: LiveClass) => void;
  /** show or hide; absent for an instructor, who reads their classes only */
  toggle?: (liveClass: LiveClass, enabled: boolean) => void;
  filtered: boolean;
}

/** The classes as a list: when (India), what, for whom, who teaches, where, status, shown; each opens its drawer. */
export function liveClassesTableConfig({ open, toggle, filtered }: LiveClassesTableOptions): TableConfig<LiveClass> {
  return {
    title: 'Classes',
    checkboxKeyMap: 'liveClassId',
    searchTextMap: ['title', 'teacherName', (c) => audienceText(c), (c) => subjectText(c)],
    emptyMessages: {
      empty: filtered ? 'No classes match these filters.' : 'No live classes yet.',
      emptySearch: 'No classes match your search.',
    },
    minWidth: 1000,
    columns: [
      {
        id: 'when',
        title: 'When (India time)',
        dataMapping: (c) => formatClassTime(c.startTime, c.endTime),
        sortable: true,
        sortValue: (c) => c.startTime,
        extraWidth: 190,
      },
      {
        id: 'title',
        title: 'Class',
        elementType: 'infoText',
        dataMapping: (c) => [c.title, subjectText(c)],
        elementConfig: { info: (c) => c.description, infoLabel: 'Description' },
        sortable: true,
        sortValue: (c) => c.title.toLowerCase(),
        extraWidth: 200,
      },
      { id: 'audience', title: 'Batches and groups', dataMapping: (c) => audienceText(c), extraWidth: 160 },
      { id: 'teacher', title: 'Teacher', dataMapping: 'teacherName', sortable: true },
      {
        id: 'where',
        title: 'Where',
        dataMapping: (c) =>
          c.classRoomType === 'offline'
            ? 'Classroom'
            : `${c.meetingAccountName ?? ''}${c.provider ? ` (${PROVIDER_LABELS[c.provider]})` : ''}`,
      },
      {
        id: 'status',
        title: 'Status',
        elementType: 'tag',
        dataMapping: 'status',
        elementConfig: { styles: LIVE_CLASS_STATUS_STYLES },
      },
      ...(toggle
        ? [
            {
              id: 'enabled',
              title: 'Shown',
              elementType: 'switch',
              dataMapping: 'enabled',
              elementConfig: {
                onToggle: toggle,
                ariaLabel: (c: LiveClass) => `Show ${c.title} to students`,
              },
            } as const,
          ]
        : [{ id: 'enabled', title: 'Shown', dataMapping: (c: LiveClass) => (c.enabled ? 'Yes' : 'Hidden') } as const]),
      {
        id: 'recording',
        title: 'Recording',
        dataMapping: (c) => c.recording?.videoName ?? '—',
        extraWidth: 120,
      },
      {
        id: 'open',
        title: 'Details',
        hideTitle: true,
        elementType: 'button',
        elementConfig: { label: 'Open', variant: 'text', onClick: open, ariaLabel: (c) => `Open ${c.title}` },
      },
    ],
  };
}
