import { useCallback } from 'react';
import { STUDENT_UPDATE_STATES, type StudentUpdateState } from '@lectern/contract';
import { tableParamNames } from '../../../components/data-table';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

/** The table's URL prefix: ?updates.state=SCHEDULED&updates.q=exam. */
export const UPDATES_URL_KEY = 'updates';
const STATE_PARAM = `${UPDATES_URL_KEY}.state`;

const stateOf = (text: string | null): StudentUpdateState | null =>
  STUDENT_UPDATE_STATES.find((state) => state === text) ?? null;

/** The state filter of the update list, kept in the URL so a filtered list can be linked. */
export function useUpdateStateFilter(): [StudentUpdateState | null, (state: StudentUpdateState | null) => void] {
  const [params, setParams] = useUrlSearchParams();
  const state = stateOf(params.get(STATE_PARAM));
  const change = useCallback(
    (next: StudentUpdateState | null) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next) updated.set(STATE_PARAM, next);
          else updated.delete(STATE_PARAM);
          // another filter starts at the first page
          updated.delete(tableParamNames(UPDATES_URL_KEY).page);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [state, change];
}
