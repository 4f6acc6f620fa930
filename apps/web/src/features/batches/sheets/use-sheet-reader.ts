import { useCallback, useEffect, useRef } from 'react';
import { readSheetFile, type SheetRead } from './read-sheet';
import type { SheetRequest } from './sheet.worker';

/** A sheet that has not answered in this long is given up (a hostile file, or a machine out of memory). */
const READ_TIMEOUT_MS = 60_000;

/**
 * Reads a sheet in a web worker (the page stays responsive); where there is no Worker (the component
 * tests) it reads on the page. One read at a time: a new one, or leaving the page, stops the last.
 */
export function useSheetReader(): (file: File) => Promise<SheetRead> {
  const current = useRef<Worker | null>(null);
  const stop = useCallback(() => {
    current.current?.terminate();
    current.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  return useCallback(
    (file: File) => {
      stop();
      if (typeof Worker === 'undefined') return readSheetFile(file, file.name);
      const worker = new Worker(new URL('./sheet.worker.ts', import.meta.url), { type: 'module' });
      current.current = worker;
      return new Promise<SheetRead>((resolve) => {
        const done = (result: SheetRead) => {
          clearTimeout(timer);
          if (current.current === worker) stop();
          resolve(result);
        };
        const timer = setTimeout(
          () => done({ ok: false, message: `'${file.name}' took too long to read: is it a student sheet?` }),
          READ_TIMEOUT_MS,
        );
        worker.onmessage = (event: MessageEvent<SheetRead>) => done(event.data);
        worker.onerror = (event) => {
          event.preventDefault();
          done({ ok: false, message: `'${file.name}' could not be read.` });
        };
        const request: SheetRequest = { file, fileName: file.name };
        worker.postMessage(request);
      });
    },
    [stop],
  );
}
