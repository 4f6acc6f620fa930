import { useEffect, useState } from 'react';
import { MESSAGES, fillMessage, isValidMobileNumber } from '@lectern/contract';
import { useMobileCheckQuery } from '../api/validate-mobile';

/** How long typing must pause before a number is checked. */
export const MOBILE_CHECK_DELAY_MS = 400;

export interface MobileCheck {
  /** the call for the current number is running */
  checking: boolean;
  /** the number belongs to another user: 'A user with mobile number N already exists.' */
  takenMessage: string | undefined;
  /** the server finds the number malformed */
  invalid: boolean;
  /** the current number was checked and is free (or is this user's own) */
  available: boolean;
  /** check at once, without waiting for typing to pause (the field lost focus) */
  checkNow: () => void;
}

/**
 * Checks a mobile number with GET /users/user/validate/{mobileNumber} as the user types (after a
 * short pause) and when the field loses focus. Only well-formed numbers are sent: the form's own
 * schema already explains a malformed one. `own` is the user being edited: their own number is not
 * 'taken' and is not checked.
 */
export function useMobileCheck(value: string, own?: { userId: string; phone: string }): MobileCheck {
  const current = value.trim();
  const isOwn = own !== undefined && current === own.phone;
  const [settled, setSettled] = useState(current);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(current), MOBILE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current]);

  // the number the user being edited already has is theirs: nothing to ask
  const candidate = !isOwn && settled === current && isValidMobileNumber(current) ? current : null;
  const query = useMobileCheckQuery(candidate);
  const result = candidate !== null && query.data?.mobileNumber === candidate ? query.data : undefined;
  const taken = result !== undefined && result.exists && result.userId !== own?.userId;
  return {
    checking: candidate !== null && query.isFetching,
    takenMessage: taken ? fillMessage(MESSAGES.userExists, { mobileNumber: current }) : undefined,
    invalid: result !== undefined && !result.valid,
    available: result !== undefined && result.valid && !taken,
    checkNow: () => setSettled(current),
  };
}
