import { orNA } from '@lectern/contract';
import type { TextValue } from '../types';
import { LabelText } from './label-text';

/** Plain text with the 'NA' fallback for null, undefined and blank values; long labels are shortened. */
export function TextCell({ value }: { value: TextValue }) {
  return <LabelText text={orNA(value)} />;
}
