import type { MeetingProvider, ParticipantSession } from '@lectern/contract';
import type { MeetingsConfig } from '../config';
import { jitsiDriver } from './jitsi';
import { ZoomClient, zoomDriver } from './zoom';

// Meetings behind one interface (DESIGN §9): the class is created, changed and deleted with its
// meeting; the teacher goes live at its start address; attendance reads its past participants.

/** The account a meeting is held on, as the drivers need it. */
export interface MeetingAccountRef {
  id: string;
  provider: MeetingProvider;
  name: string;
  /** the Zoom host's e-mail; the Jitsi base address; empty for LINK */
  hostOrBase: string;
}

/** What a meeting is made from: the class. */
export interface MeetingSpec {
  liveClassId: string;
  title: string;
  description: string;
  startTime: Date;
  durationMinutes: number;
  /** the address staff typed (LINK accounts) */
  link: string | null;
}

/** A meeting as stored with its class. */
export interface Meeting {
  meetingId: string | null;
  joinUrl: string;
  startUrl: string;
}

/** The meeting a class holds (its id, the instance Zoom ended, its addresses). */
export interface HeldMeeting {
  meetingId: string | null;
  meetingUuid: string | null;
  joinUrl: string | null;
  startUrl: string | null;
}

/** One provider. Failures throw MeetingError with the provider's reason. */
export interface MeetingDriver {
  create(account: MeetingAccountRef, spec: MeetingSpec): Promise<Meeting>;
  update(account: MeetingAccountRef, held: HeldMeeting, spec: MeetingSpec): Promise<Meeting>;
  remove(account: MeetingAccountRef, held: HeldMeeting): Promise<void>;
  /** the host's address now (Zoom's start_url expires, so it is read again) */
  startUrl(account: MeetingAccountRef, held: HeldMeeting): Promise<string>;
  /** everyone who was in the meeting, one session per join and leave */
  pastParticipants(account: MeetingAccountRef, held: HeldMeeting): Promise<ParticipantSession[]>;
}

/** A provider refused or could not be reached: the message says why, in the provider's words. */
export class MeetingError extends Error {
  constructor(
    readonly provider: MeetingProvider,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MeetingError';
  }
}

/** The address staff typed: the meeting is theirs, we only hand it out. */
const linkDriver: MeetingDriver = {
  create: async (account, spec) => typed(account, spec),
  update: async (account, _held, spec) => typed(account, spec),
  remove: async () => undefined,
  startUrl: async (_account, held) => held.startUrl ?? held.joinUrl ?? '',
  pastParticipants: async () => [],
};

function typed(account: MeetingAccountRef, spec: MeetingSpec): Meeting {
  if (!spec.link) throw new MeetingError(account.provider, 'no meeting link was given');
  return { meetingId: null, joinUrl: spec.link, startUrl: spec.link };
}

/** The drivers of every provider, built from the configuration. */
export class Meetings {
  readonly zoom: ZoomClient | null;
  private readonly drivers: Record<MeetingProvider, MeetingDriver>;

  constructor(
    readonly config: MeetingsConfig,
    fetchImpl: typeof fetch = fetch,
  ) {
    this.zoom = config.zoom ? new ZoomClient(config.zoom, fetchImpl) : null;
    this.drivers = { JITSI: jitsiDriver, LINK: linkDriver, ZOOM: zoomDriver(this.zoom) };
  }

  driver(provider: MeetingProvider): MeetingDriver {
    return this.drivers[provider];
  }

  /**
   * The participants of a held class's meeting (for attendance): Zoom's past-meeting participants,
   * every join and leave a session; none for Jitsi and typed links, which keep no record.
   */
  async pastParticipants(account: MeetingAccountRef, held: HeldMeeting): Promise<ParticipantSession[]> {
    return this.driver(account.provider).pastParticipants(account, held);
  }
}
