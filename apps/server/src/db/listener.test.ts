import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { listenWithReconnect, reconnectDelayMs, type ListenConnection } from './listener';

/** A connection as a pool hands it out: it records its statements and whether it was closed. */
class FakeConnection extends EventEmitter implements ListenConnection {
  readonly statements: string[] = [];
  released: Error | boolean | undefined | 'no';
  constructor() {
    super();
    this.released = 'no';
  }
  async query(sql: string) {
    this.statements.push(sql);
  }
  release(error?: Error | boolean) {
    if (this.released !== 'no') throw new Error('released twice');
    this.released = error;
  }
}

describe('a listener whose connection is lost', () => {
  it('reconnects with growing waits while the database refuses, then listens again and says so', async () => {
    const connections: FakeConnection[] = [];
    let refuse = 0;
    const connect = async () => {
      if (refuse > 0) {
        refuse--;
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      }
      const connection = new FakeConnection();
      connections.push(connection);
      return connection;
    };
    const waited: number[] = [];
    const received: string[] = [];
    const lost: string[] = [];
    let reconnected!: () => void;
    const back = new Promise<void>((resolve) => (reconnected = resolve));
    const unlisten = await listenWithReconnect({
      connect,
      channel: 'jobs',
      quoted: '"jobs"',
      onNotify: (payload) => received.push(payload),
      hooks: { onReconnect: () => reconnected(), onLost: (error) => lost.push(error.message) },
      wait: async (attempt) => {
        waited.push(reconnectDelayMs(attempt));
      },
    });
    const first = connections[0]!;
    expect(first.statements).toEqual(['LISTEN "jobs"']);

    // The server restarts: two connection attempts are refused, the third listens again.
    refuse = 2;
    const cut = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    first.emit('error', cut);
    first.emit('error', new Error('Connection terminated unexpectedly'));
    await back;
    expect(first.released).toBe(cut);
    expect(waited).toEqual([250, 500, 1000]);
    expect(lost).toEqual([
      'terminating connection due to administrator command',
      'connect ECONNREFUSED 127.0.0.1:5432',
      'connect ECONNREFUSED 127.0.0.1:5432',
    ]);
    const second = connections[1]!;
    expect(second.statements).toEqual(['LISTEN "jobs"']);

    // Only the live connection delivers; stopping closes it.
    first.emit('notification', { channel: 'jobs', payload: 'stale' });
    second.emit('notification', { channel: 'jobs', payload: 'default' });
    second.emit('notification', { channel: 'other', payload: 'x' });
    expect(received).toEqual(['default']);
    await unlisten();
    expect(second.released).toBe(true);
    expect(reconnectDelayMs(20)).toBe(30_000);
  });
});
