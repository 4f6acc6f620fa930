import { readSheetFile, type SheetRead } from './read-sheet';

// Reads a dropped sheet off the page's thread: exceljs unpacking and walking 10,000 rows takes seconds
// on a slow laptop, and the page must stay responsive (and killable: the caller terminates a worker
// that takes too long).

export interface SheetRequest {
  file: Blob;
  fileName: string;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SheetRequest>) => void) | null;
  postMessage: (message: SheetRead) => void;
};

scope.onmessage = (event) => {
  const { file, fileName } = event.data;
  readSheetFile(file, fileName).then(
    (result) => scope.postMessage(result),
    () => scope.postMessage({ ok: false, message: `'${fileName}' could not be read.` }),
  );
};
