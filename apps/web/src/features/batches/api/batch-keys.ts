/** The batch screens' queries: the list, the pickers, groups, each batch and its students. */
export const batchKeys = {
  all: ['batches'] as const,
  list: ['batches', 'list'] as const,
  byStatus: (status: string) => ['batches', 'info', status] as const,
  branches: ['batches', 'branches'] as const,
  programs: ['batches', 'programs'] as const,
  groups: ['batches', 'groups'] as const,
  batch: (batchId: string) => ['batches', 'detail', batchId] as const,
  students: (batchId: string) => ['batches', 'students', batchId] as const,
};
