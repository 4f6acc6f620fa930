import Tooltip from '@mui/material/Tooltip';
import { shortenLabel } from '@lectern/contract';
import { VisuallyHidden } from '../../visually-hidden';

/**
 * Text shortened for display (labels over 50 characters -> 47 + '…' by default) with the full text
 * in a tooltip and for screen readers.
 */
export function LabelText({ text, shorten = shortenLabel }: { text: string; shorten?: (text: string) => string }) {
  const short = shorten(text);
  if (short === text) return <>{text}</>;
  return (
    <Tooltip title={text} describeChild>
      <span>
        <span aria-hidden="true">{short}</span>
        <VisuallyHidden>{text}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
