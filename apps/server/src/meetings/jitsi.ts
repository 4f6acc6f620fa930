import type { MeetingDriver, MeetingSpec } from './meetings';

/**
 * The embedded default: a room on a Jitsi Meet server (self-hosted, or meet.jit.si). No account and
 * no call out: the room name comes from the class, so it works offline and never fails.
 */
export function jitsiRoom(spec: Pick<MeetingSpec, 'liveClassId' | 'title'>): string {
  const words = spec.title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join('');
  const id = spec.liveClassId.replace(/[^A-Za-z0-9]/g, '').slice(0, 12);
  return `Lectern${words || 'Class'}${id}`;
}

function addresses(base: string, room: string) {
  const joinUrl = `${base.replace(/\/+$/, '')}/${room}`;
  // the host flag: the teacher skips the pre-join page and is named host
  return {
    meetingId: room,
    joinUrl,
    startUrl: `${joinUrl}#config.prejoinConfig.enabled=false&userInfo.displayName=%22Host%22`,
  };
}

export const jitsiDriver: MeetingDriver = {
  create: async (account, spec) => addresses(account.hostOrBase, jitsiRoom(spec)),
  // the room keeps its name when the class changes, so links already shared keep working
  update: async (account, held, spec) => addresses(account.hostOrBase, held.meetingId ?? jitsiRoom(spec)),
  remove: async () => undefined,
  startUrl: async (account, held) => addresses(account.hostOrBase, held.meetingId ?? '').startUrl,
  pastParticipants: async () => [],
};
