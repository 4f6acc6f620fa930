import { useCallback, useMemo } from 'react';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

/** The levels of the file explorer (spec 1 §3: viewType, default Subjects). */
export const VIEW_TYPES = ['Subjects', 'Units', 'Topics', 'Files'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/** The file explorer's state (spec 1 §3), kept in the URL so a folder can be linked and survives reload. */
export interface ExplorerState {
  viewType: ViewType;
  subjectId: string;
  subjectName: string;
  unitId: string;
  unitName: string;
  topicId: string;
  topicName: string;
}

export const FILE_EXPLORER_PATH = '/file-explorer';
const FIELDS = ['subjectId', 'subjectName', 'unitId', 'unitName', 'topicId', 'topicName'] as const;

/** Reads the state; a level whose ids are missing falls back to the deepest level that has them. */
export function readExplorerState(params: URLSearchParams): ExplorerState {
  const get = (name: string) => params.get(name)?.trim() ?? '';
  const asked = get('viewType') as ViewType;
  const state: ExplorerState = {
    viewType: VIEW_TYPES.includes(asked) ? asked : 'Subjects',
    subjectId: get('subjectId'),
    subjectName: get('subjectName'),
    unitId: get('unitId'),
    unitName: get('unitName'),
    topicId: get('topicId'),
    topicName: get('topicName'),
  };
  const depth = !state.subjectId ? 0 : !state.unitId ? 1 : !state.topicId ? 2 : 3;
  const wanted = VIEW_TYPES.indexOf(state.viewType);
  return { ...state, viewType: VIEW_TYPES[Math.min(wanted, depth)]! };
}

/** The query of a link to a level: only the fields that level needs. */
export function explorerQuery(state: Partial<ExplorerState>): Record<string, string> {
  const query: Record<string, string> = { viewType: state.viewType ?? 'Subjects' };
  const depth = VIEW_TYPES.indexOf(state.viewType ?? 'Subjects');
  FIELDS.forEach((field, index) => {
    // subject fields for Units and deeper, unit fields for Topics and deeper, topic fields for Files
    if (Math.floor(index / 2) < depth && state[field]) query[field] = state[field];
  });
  return query;
}

export function explorerLink(state: Partial<ExplorerState>): string {
  return `${FILE_EXPLORER_PATH}?${new URLSearchParams(explorerQuery(state)).toString()}`;
}

export function useExplorerState() {
  const [params, setParams] = useUrlSearchParams();
  const state = useMemo(() => readExplorerState(params), [params]);
  const open = useCallback((next: Partial<ExplorerState>) => setParams(explorerQuery(next)), [setParams]);
  return { state, open };
}
