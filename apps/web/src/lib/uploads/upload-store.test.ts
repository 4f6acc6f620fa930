import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { fileHandleOf, indexedDbPersistence, type StoredUpload } from './upload-store';
import { storedUpload } from './test/memory-persistence';

/** A LockManager where `held` names are held by another tab. */
function locksHeldElsewhere(held: string[]) {
  const requested: string[] = [];
  const locks = {
    query: async () => ({ held: held.map((name) => ({ name, mode: 'exclusive' as const })), pending: [] }),
    request: async (name: string, callback: () => Promise<void>) => {
      requested.push(name);
      return callback();
    },
  } as unknown as LockManager;
  return { locks, requested };
}

describe('the upload store (IndexedDB)', () => {
  it('keeps records by uuid across instances (a reload), oldest first, until deleted', async () => {
    const factory = new IDBFactory();
    const first = indexedDbPersistence(factory, undefined);
    await first.put(storedUpload({ uuid: 'b', addedAt: 2 }));
    await first.put(storedUpload({ uuid: 'a', addedAt: 1, progressNum: 10 }));
    await first.put(storedUpload({ uuid: 'a', addedAt: 1, progressNum: 55, bytesDone: 5500 }));
    const reloaded = indexedDbPersistence(factory, undefined);
    const records = await reloaded.list();
    expect(records.map((r) => [r.uuid, r.progressNum])).toEqual([
      ['a', 55],
      ['b', 40],
    ]);
    expect(records[0]).toEqual<StoredUpload>(storedUpload({ uuid: 'a', addedAt: 1, progressNum: 55, bytesDone: 5500 }));
    await reloaded.delete('a');
    expect((await indexedDbPersistence(factory, undefined).list()).map((r) => r.uuid)).toEqual(['b']);
  });

  it('keeps writes in call order: a progress write made before a delete does not bring the record back', async () => {
    const store = indexedDbPersistence(new IDBFactory(), undefined);
    void store.put(storedUpload());
    const last = store.delete('earlier-1');
    await last;
    expect(await store.list()).toEqual([]);
  });

  it('leaves out the uploads another tab is running (it holds their lock)', async () => {
    const factory = new IDBFactory();
    const { locks, requested } = locksHeldElsewhere(['lectern-upload:running']);
    const store = indexedDbPersistence(factory, locks);
    await store.put(storedUpload({ uuid: 'running' }));
    await store.put(storedUpload({ uuid: 'left' }));
    expect((await store.list()).map((r) => r.uuid)).toEqual(['left']);
    const release = store.hold!('mine');
    expect(requested).toEqual(['lectern-upload:mine']);
    release();
  });

  it('fails soft where IndexedDB is missing or refuses: nothing kept, nothing thrown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = indexedDbPersistence(undefined, undefined);
    await expect(missing.put(storedUpload())).resolves.toBeUndefined();
    await expect(missing.list()).resolves.toEqual([]);
    const refusing = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const broken = indexedDbPersistence(refusing, undefined);
    await expect(broken.put(storedUpload())).resolves.toBeUndefined();
    await expect(broken.delete('earlier-1')).resolves.toBeUndefined();
    await expect(broken.list()).resolves.toEqual([]);
    // a record that cannot be cloned (a handle from another realm, say) is not kept, and says why
    const store = indexedDbPersistence(new IDBFactory(), undefined);
    await expect(store.put({ ...storedUpload(), target: (() => undefined) as never })).resolves.toBeUndefined();
    expect(await store.list()).toEqual([]);
    expect(warn).toHaveBeenCalled();
    // a handle that cannot be stored is left out; the rest is kept
    const handle = { kind: 'file' as const, name: 'lecture.mp4', getFile: async () => new File([], 'lecture.mp4') };
    await store.put(storedUpload({ handle }));
    expect(await store.list()).toEqual([storedUpload()]);
    warn.mockRestore();
  });
});

describe('fileHandleOf', () => {
  it('reads the handle react-dropzone leaves on a file dropped in Chromium, and nothing elsewhere', () => {
    const plain = new File(['x'], 'a.mp4');
    expect(fileHandleOf(plain)).toBeUndefined();
    const handle = { kind: 'file', name: 'a.mp4', getFile: async () => plain };
    const dropped = Object.assign(new File(['x'], 'a.mp4'), { handle });
    expect(fileHandleOf(dropped)).toBe(handle);
    const folder = Object.assign(new File(['x'], 'a.mp4'), { handle: { kind: 'directory', name: 'a' } });
    expect(fileHandleOf(folder)).toBeUndefined();
  });
});
