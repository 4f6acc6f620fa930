import { abortableSleep } from '../lib/abortable-sleep';

/** A connection that can LISTEN: a pool client as pg hands it out (only what the listener uses). */
export interface ListenConnection {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  off(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  /** back to the pool; with an error, the connection is closed instead */
  release(error?: Error | boolean): void;
}

/** What a listener is told besides its notifications. */
export interface ListenHooks {
  /**
   * Listening again after the connection was lost: notifications sent in the gap were missed, so a
   * caller that must not miss work re-reads what it waits for here.
   */
  onReconnect?: () => void;
  /** the connection was lost (a database restart or failover, a network cut); reconnecting follows */
  onLost?: (error: Error) => void;
}

/**
 * Waits before reconnect attempt `attempt` (1, 2, ...), or less when `signal` aborts (listening stopped).
 * Tests inject their own to control when a reconnect happens; no test sleeps for real.
 */
export type ReconnectWait = (attempt: number, signal: AbortSignal) => Promise<void>;

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 30_000;

/** Backoff between reconnect attempts: 250 ms, doubling, at most 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

export const backoffWait: ReconnectWait = (attempt, signal) => abortableSleep(reconnectDelayMs(attempt), signal);

/**
 * LISTENs on `channel` over a connection of its own and keeps doing so: when the connection is cut
 * (pg_terminate_backend, a restart, a failover) the broken one is closed, a new one is taken with
 * backoff and the LISTEN issued again, then `onReconnect` is called. Resolves once the first LISTEN
 * holds (rejects when it cannot), to a function that stops listening.
 */
export async function listenWithReconnect(options: {
  connect: () => Promise<ListenConnection>;
  channel: string;
  /** the channel quoted for SQL */
  quoted: string;
  onNotify: (payload: string) => void;
  hooks?: ListenHooks;
  wait?: ReconnectWait;
}): Promise<() => Promise<void>> {
  const { connect, channel, quoted, onNotify, hooks = {}, wait = backoffWait } = options;
  const stopping = new AbortController();
  let current: ListenConnection | null = null;
  let reconnecting: Promise<void> | null = null;

  const onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel === channel) onNotify(message.payload ?? '');
  };

  /** A new connection, listening; the broken one keeps its error listener, as pg may emit twice. */
  const open = async (): Promise<void> => {
    const connection = await connect();
    const state: { lost: Error | null } = { lost: null };
    const onLost = (error?: Error) => {
      if (state.lost) return;
      state.lost = error ?? new Error('the listening connection ended');
      connection.off('notification', onNotification);
      // Still starting (open() closes it) or already stopped: nothing to reconnect.
      if (current !== connection) return;
      current = null;
      connection.release(state.lost);
      if (stopping.signal.aborted) return;
      hooks.onLost?.(state.lost);
      reconnecting ??= reconnect().finally(() => (reconnecting = null));
    };
    connection.on('error', onLost);
    connection.on('end', onLost);
    connection.on('notification', onNotification);
    try {
      await connection.query(`LISTEN ${quoted}`);
      if (state.lost) throw state.lost;
    } catch (error) {
      connection.off('notification', onNotification);
      connection.release(error instanceof Error ? error : true);
      throw error;
    }
    current = connection;
  };

  /** Closes the listening connection (closing ends its LISTEN). */
  const close = () => {
    const connection = current;
    current = null;
    if (!connection) return;
    connection.off('notification', onNotification);
    connection.release(true);
  };

  const reconnect = async (): Promise<void> => {
    for (let attempt = 1; !stopping.signal.aborted; attempt++) {
      await wait(attempt, stopping.signal);
      if (stopping.signal.aborted) return;
      try {
        await open();
      } catch (error) {
        if (!stopping.signal.aborted) hooks.onLost?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (stopping.signal.aborted) close();
      else hooks.onReconnect?.();
      return;
    }
  };

  await open();
  return async () => {
    stopping.abort();
    await reconnecting;
    close();
  };
}
