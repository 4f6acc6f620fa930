import type { CreateLiveClassBody, MeetingProvider, ParticipantSession } from '@lectern/contract';
import {
  MeetingError,
  type HeldMeeting,
  type Meeting,
  type MeetingAccountRef,
  type MeetingDriver,
  type Meetings,
  type MeetingSpec,
} from '../../meetings/meetings';
import { fail } from './live-classes.errors';
import type { LiveClassRow, MeetingAccountRow } from './live-classes.repository';

type HeldBy = Pick<LiveClassRow, 'meetingId' | 'meetingUuid' | 'joinUrl' | 'startUrl'>;

/**
 * The meetings of live classes at their providers (Zoom, Jitsi, a typed link). A provider's failure
 * is a 502 naming the provider and its reason, thrown inside the caller's transaction: nothing is saved.
 */
export class MeetingsGateway {
  constructor(private readonly meetings: Meetings) {}

  create(account: MeetingAccountRow, liveClassId: string, input: CreateLiveClassBody): Promise<Meeting> {
    return this.call('created', account, (d) => d.create(ref(account), spec(liveClassId, input)));
  }

  update(account: MeetingAccountRow, row: LiveClassRow, input: CreateLiveClassBody): Promise<Meeting> {
    return this.call('updated', account, (d) => d.update(ref(account), heldMeeting(row), spec(row.id, input)));
  }

  remove(account: MeetingAccountRow, row: HeldBy): Promise<void> {
    return this.call('deleted', account, (d) => d.remove(ref(account), heldMeeting(row)));
  }

  startUrl(account: MeetingAccountRow, row: HeldBy): Promise<string> {
    return this.call('started', account, (d) => d.startUrl(ref(account), heldMeeting(row)));
  }

  /** Everyone who was in the meeting, one session per join and leave (none where the provider keeps no record). */
  pastParticipants(account: MeetingAccountRow, row: HeldBy): Promise<ParticipantSession[]> {
    return this.call('read', account, () => this.meetings.pastParticipants(ref(account), heldMeeting(row)));
  }

  /** Takes back a meeting made for a class that was then not saved; its failure changes nothing. */
  async takeBack(account: MeetingAccountRow, held: HeldMeeting): Promise<void> {
    await this.meetings
      .driver(account.provider as MeetingProvider)
      .remove(ref(account), held)
      .catch(() => undefined);
  }

  private async call<T>(
    action: 'created' | 'updated' | 'deleted' | 'started' | 'read',
    account: MeetingAccountRow,
    call: (driver: MeetingDriver) => Promise<T>,
  ): Promise<T> {
    try {
      return await call(this.meetings.driver(account.provider as MeetingProvider));
    } catch (error) {
      if (error instanceof MeetingError) {
        throw fail(502, 'meetingFailed', { action, provider: providerName(account), reason: error.message });
      }
      throw error;
    }
  }
}

const providerName = (account: MeetingAccountRow) =>
  account.provider === 'ZOOM' ? 'Zoom' : account.provider === 'JITSI' ? 'Jitsi' : account.name;

/** The meeting a class holds, as the provider drivers take it. */
export function heldMeeting(row: HeldBy): HeldMeeting {
  return { meetingId: row.meetingId, meetingUuid: row.meetingUuid, joinUrl: row.joinUrl, startUrl: row.startUrl };
}

export function ref(account: MeetingAccountRow): MeetingAccountRef {
  return {
    id: account.id,
    provider: account.provider as MeetingProvider,
    name: account.name,
    hostOrBase: account.hostOrBase,
  };
}

function spec(liveClassId: string, input: CreateLiveClassBody): MeetingSpec {
  return {
    liveClassId,
    title: input.title,
    description: input.description,
    startTime: new Date(input.startTime),
    durationMinutes: input.durationMinutes,
    link: input.meetingLink,
  };
}
