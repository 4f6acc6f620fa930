import type { BatchInfo, LiveClass, LiveClassStatus, MeetingProvider } from '@lectern/contract';
import type { StatusStyle } from '../../../components/data-table';

export const STATUS_LABELS: Readonly<Record<LiveClassStatus, string>> = {
  SCHEDULED: 'Scheduled',
  LIVE: 'Live',
  ENDED: 'Ended',
};

/** Dark text on a light tint (contrast above 7:1), as the shared status styles. */
export const LIVE_CLASS_STATUS_STYLES: Readonly<Record<string, StatusStyle>> = {
  scheduled: { label: 'Scheduled', colour: '#1E429F', background: '#E1EFFE' },
  live: { label: 'Live', colour: '#9B1C1C', background: '#FDE8E8' },
  ended: { label: 'Ended', colour: '#374151', background: '#F3F4F6' },
};

export const PROVIDER_LABELS: Readonly<Record<MeetingProvider, string>> = {
  ZOOM: 'Zoom',
  JITSI: 'Jitsi Meet',
  LINK: 'Meeting link',
};

/** 'JEE 2027 A, NEET Weekend (group)': who the class is for. */
export function audienceText(liveClass: Pick<LiveClass, 'batches' | 'groups'>): string {
  const parts = [
    ...liveClass.batches.map((b) => b.batchName),
    ...liveClass.groups.map((g) => `${g.groupName} (group)`),
  ];
  return parts.join(', ') || 'No audience';
}

/** 'Physics · Kinematics' */
export function subjectText(liveClass: Pick<LiveClass, 'subjectName' | 'chapterName'>): string {
  return liveClass.chapterName ? `${liveClass.subjectName} · ${liveClass.chapterName}` : liveClass.subjectName;
}

/** Held classes have attendance: live now or ended. */
export const isHeld = (liveClass: Pick<LiveClass, 'status'>) => liveClass.status !== 'SCHEDULED';

/** A batch as pickers name it: branches run batches of the same name, so the branch and code tell them apart. */
export function batchLabel(batchId: string, batchName: string, known: readonly BatchInfo[] | undefined): string {
  const info = known?.find((b) => b.batchId === batchId);
  return info ? `${info.batchName} · ${info.branchName} (${info.batchCode})` : batchName;
}
