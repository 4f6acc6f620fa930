import { notify } from '../../../components';
import { errorMessage } from '../../../lib/query-client';

/** A PDF's file name from its document number: 'LEC/2627/000001' -> 'LEC-2627-000001.pdf'. */
export function pdfFileName(documentNumber: string): string {
  return `${documentNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** Opens a PDF (an invoice, a credit note) in a new tab, or saves it; `load` fetches it through the signed API client. */
export async function openPdf(load: () => Promise<Blob>, fileName: string, mode: 'open' | 'download'): Promise<void> {
  // the tab is opened on the click itself, so the browser does not block it as a pop-up
  const tab = mode === 'open' ? window.open('', '_blank') : null;
  try {
    const blob = await load();
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) {
      tab.location.href = url;
    } else {
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    notify('error', errorMessage(error));
  }
}
