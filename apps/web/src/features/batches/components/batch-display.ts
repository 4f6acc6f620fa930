import { formatDate, formatIndianNumber, type Batch, type BatchInfo, type BatchStatus } from '@lectern/contract';
import type { StatusStyle } from '../../../components/data-table';

export const BATCH_STATUS_LABELS: Readonly<Record<BatchStatus, string>> = { ACTIVE: 'Active', CLOSED: 'Closed' };

// dark text on a light tint, as the shared status styles (contrast above 7:1)
export const BATCH_STATUS_STYLES: Readonly<Record<string, StatusStyle>> = {
  active: { label: 'Active', colour: '#03543F', background: '#DEF7EC' },
  closed: { label: 'Closed', colour: '#374151', background: '#F3F4F6' },
};

/** '01-06-2026 to 31-03-2027' */
export const datesText = (batch: Pick<Batch, 'startDate' | 'endDate'>) =>
  `${formatDate(batch.startDate)} to ${formatDate(batch.endDate)}`;

/** '32 / 40' */
export const seatsText = (batch: Pick<BatchInfo, 'studentCount' | 'capacity'>) =>
  `${formatIndianNumber(batch.studentCount)} / ${formatIndianNumber(batch.capacity)}`;

/** 'JEE 2027 Morning (JEE27-KOTA-M)' */
export const batchLabel = (batch: Pick<BatchInfo, 'batchName' | 'batchCode'>) =>
  `${batch.batchName} (${batch.batchCode})`;

export const BATCH_STUDENTS_PATH = '/batch-management/students';
