import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@lectern/contract';

/**
 * Query keys that more than one feature reads or invalidates, in one place so a change made on one
 * screen refreshes what another shows. Keys only one feature uses stay beside its queries.
 */
export const queryKeys = {
  /** Every user list; the subject screens' assignable people sit under it, so user changes refresh them. */
  users: ['users'] as const,
  assignableUsers: (role: Role) => ['users', 'role', role] as const,
  /** Every subject query: the listing, each subject and its video files. */
  subjects: ['subjects'] as const,
  subjectList: ['subjects', 'list'] as const,
  subject: (subjectId: string) => ['subjects', 'detail', subjectId] as const,
  subjectVideos: (subjectId: string) => ['subjects', 'videos', subjectId] as const,
  /** A subject's video lists in the file explorer (each unit and topic below it). */
  explorerVideos: (subjectId: string) => ['file-explorer', 'videos', subjectId] as const,
  /** Every catalogue query: the lists (by archived filter), each catalogue, the subjects a catalogue may take. */
  catalogues: ['catalogues'] as const,
  catalogueList: (archived: 'true' | 'false' | 'all') => ['catalogues', 'list', archived] as const,
  catalogue: (catalogueId: string) => ['catalogues', 'detail', catalogueId] as const,
  /** The preview videos uploaded to a catalogue's own folder (its editor's list). */
  cataloguePreviewVideos: (catalogueId: string) => ['catalogues', 'detail', catalogueId, 'preview-videos'] as const,
  /** The OTS manager's catalogues and a catalogue's subscriptions: under catalogues, so a change to either refreshes the other. */
  otsCatalogues: ['catalogues', 'ots', 'list'] as const,
  otsSubscriptions: (catalogueId: string) => ['catalogues', 'ots', 'subscriptions', catalogueId] as const,
  /** Every student query (Student Management): the student by number, their subscriptions and orders. */
  students: ['students'] as const,
  studentByMobile: (mobileNumber: string) => ['students', 'mobile', mobileNumber] as const,
  studentSubscriptions: (studentId: string) => ['students', 'subscriptions', studentId] as const,
  studentOrders: (studentId: string) => ['students', 'orders', studentId] as const,
  /** Students found by anything (Student Management's search box), and the newest students and orders. */
  studentSearch: (q: string, page: number) => ['students', 'search', q, page] as const,
  recentStudents: ['students', 'recent'] as const,
  /** Browse Demo Videos: the folders (catalogues with their numbers of preview videos) and each folder's files. */
  previewVideos: ['demo-videos'] as const,
  previewFolders: ['demo-videos', 'folders'] as const,
  previewFiles: (catalogueId: string) => ['demo-videos', 'files', catalogueId] as const,
  /** Every delivery package list (Delivery Management's tabs, a student's packages): a change to a package refreshes them all. */
  deliveryLists: ['delivery', 'list'] as const,
};

/**
 * After videos of a subject were registered, copied, moved or deleted: its file lists and the subject
 * itself (a move or delete detaches subtopics), wherever they are shown.
 */
export function refreshSubjectVideos(queryClient: QueryClient, subjectId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.subject(subjectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.subjectVideos(subjectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.explorerVideos(subjectId) });
}

/**
 * After preview videos of a catalogue were registered: the demo browser's folders (their numbers of
 * videos) and files, and the catalogue's own list of preview videos.
 */
export function refreshPreviewVideos(queryClient: QueryClient, catalogueId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.previewVideos });
  void queryClient.invalidateQueries({ queryKey: queryKeys.cataloguePreviewVideos(catalogueId) });
}
