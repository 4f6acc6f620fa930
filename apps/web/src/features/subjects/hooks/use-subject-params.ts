import { useSearchParams } from 'react-router';

/** The subject (and unit) a details or topics page shows: `?subjectId=…&unitId=…`. */
export function useSubjectParams(): { subjectId: string | null; unitId: string | null } {
  const [params] = useSearchParams();
  const subjectId = params.get('subjectId')?.trim() || null;
  const unitId = params.get('unitId')?.trim() || null;
  return { subjectId, unitId };
}

export const SUBJECT_MANAGEMENT_PATH = '/subject-management';
export const SUBJECT_DETAILS_PATH = '/subject-management/subject-details';
export const SUBJECT_TOPICS_PATH = '/subject-management/subject-details/topics';

export const detailsLink = (subjectId: string) => `${SUBJECT_DETAILS_PATH}?subjectId=${encodeURIComponent(subjectId)}`;
