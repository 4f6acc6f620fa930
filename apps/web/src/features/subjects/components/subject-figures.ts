import { formatDuration, formatIndianNumber, type Totals } from '@lectern/contract';
import type { PageHeaderFigure } from '../../../components/page-header';

/** The derived totals of a subject or a unit as 'label: value' figures (times as H:MM:SS). */
export function totalsFigures(totals: Totals): PageHeaderFigure[] {
  const count = (n: number) => formatIndianNumber(n);
  return [
    { label: 'Units', value: count(totals.units) },
    { label: 'Active units', value: count(totals.activeUnits) },
    { label: 'Topics', value: count(totals.topics) },
    { label: 'Active topics', value: count(totals.activeTopics) },
    { label: 'Sub-topics', value: count(totals.subTopics) },
    { label: 'Active sub-topics', value: count(totals.activeSubTopics) },
    { label: 'Total video time', value: formatDuration(totals.totalVideoTime) },
    { label: 'Active video time', value: formatDuration(totals.activeVideoTime) },
    { label: 'Free-trial sub-topics', value: count(totals.freeTrialSubTopics) },
    { label: 'Free-trial video time', value: formatDuration(totals.freeTrialVideoTime) },
  ];
}

/** Unit totals: the same figures without the unit counts. */
export function unitFigures(totals: Totals): PageHeaderFigure[] {
  return totalsFigures(totals).filter((figure) => figure.label !== 'Units' && figure.label !== 'Active units');
}
