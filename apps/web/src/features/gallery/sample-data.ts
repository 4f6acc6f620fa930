/** Sample rows for the gallery's tables: every cell kind has something to show. */
import { paise, type Money } from '@lectern/contract';

export interface SampleRow {
  id: string;
  title: string;
  tags: string[];
  status: string;
  label: string;
  tag: string;
  amount: Money | null;
  date: string;
  duration: number;
  listed: boolean;
  note: string;
  lines: string[];
  video: string | null;
}

const TITLES = [
  'Organic Chemistry',
  'Cell Biology',
  'Thermodynamics',
  'Indian Polity',
  'Coordinate Geometry',
  'Modern History',
  'Electrostatics',
  'Probability and Statistics',
  'Plant Physiology',
  'Human Geography',
  'Genetics and Evolution',
  'Rotational Motion',
];
const TAGS = [['NEET', 'Class 12'], ['JEE'], ['UPSC', 'Prelims', 'Mains'], [], ['CBSE']];
const STATUSES = ['PUBLISHED', 'draft', 'IN_PROGRESS', 'failed', 'READY_TO_BE_PUBLISHED', 'running', 'unpublished'];
const LABELS = ['complete', 'incomplete', 'extended', 'submitted', 'none'];
const TAG_STATUSES = ['featured', 'listed', 'not listed', 'featured on homepage', 'reserved'];
const VIDEOS = ['lecture-01-introduction-to-the-subject-and-its-scope.mp4', 'worked-examples.mp4', null];

/** `count` sample rows with predictable, varied values. */
export function sampleRows(count: number): SampleRow[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: `row-${n}`,
      title: `${TITLES[index % TITLES.length] ?? 'Subject'} ${Math.floor(index / TITLES.length) + 1}`,
      tags: TAGS[index % TAGS.length] ?? [],
      status: STATUSES[index % STATUSES.length] ?? 'draft',
      label: LABELS[index % LABELS.length] ?? 'none',
      tag: TAG_STATUSES[index % TAG_STATUSES.length] ?? 'listed',
      amount: index % 6 === 5 ? null : paise((index + 1) * 1_249_950),
      date: new Date(Date.UTC(2025, index % 12, (index % 27) + 1)).toISOString(),
      duration: 600 + index * 437,
      listed: index % 3 !== 0,
      note: index % 4 === 0 ? '' : `Double-click to edit note ${n}`,
      lines: [`${(index % 5) + 2} units`, `${(index % 9) + 4} topics`],
      video: VIDEOS[index % VIDEOS.length] ?? null,
    };
  });
}

export interface BigRow {
  id: number;
  name: string;
  city: string;
  amount: Money;
}

const CITIES = ['Pune', 'Delhi', 'Chennai', 'Kochi', 'Indore', 'Jaipur', 'Guwahati', 'Mysuru'];

/** 10,000 students, for the virtualised table. */
export function bigRows(count = 10_000): BigRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Student ${String(index + 1).padStart(5, '0')}`,
    city: CITIES[index % CITIES.length] ?? 'Pune',
    amount: paise(((index * 7919) % 100_000) * 100 + 50),
  }));
}

export interface Chapter {
  id: string;
  name: string;
  topics: number;
}

/** A short list to reorder by drag and drop. */
export const CHAPTERS: readonly Chapter[] = [
  { id: 'ch-1', name: 'Chapter 1: Atoms and Molecules', topics: 6 },
  { id: 'ch-2', name: 'Chapter 2: Chemical Bonding', topics: 8 },
  { id: 'ch-3', name: 'Chapter 3: States of Matter', topics: 5 },
  { id: 'ch-4', name: 'Chapter 4: Thermodynamics', topics: 9 },
  { id: 'ch-5', name: 'Chapter 5: Equilibrium', topics: 7 },
];
