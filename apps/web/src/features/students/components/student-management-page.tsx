import { useEffect, useRef, useState } from 'react';

import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  hasPermission,
  STUDENT_SEARCH_MIN_LENGTH,
  type OrderDetail,
  type SubscriptionUpdateBody,
} from '@lectern/contract';
import { PageHeader, SearchBar } from '../../../components';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { queryKeys } from '../../../lib/query-keys';
import { useStudent } from '../api/get-student';
import { useStudentOrders } from '../api/get-student-orders';
import { useStudentSubscriptions } from '../api/get-student-subscriptions';
import { useUpdateStudentSubscription, useVerifyStudentEmail } from '../api/student-mutations';
import { ActionDialog, type StudentAction } from './action-dialog';
import { DeliveryCard } from './delivery-card';
import { NewOrderDialog } from './new-order-dialog';
import { OrdersCard } from './orders-card';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';
import { StudentDetailsCard } from './student-details-card';
import { SubscriptionsCard } from './subscriptions-card';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';
import { useRecentStudents } from '../api/get-recent-students';
import { useStudentSearch } from '../api/search-students';
import { RecentStudentsCards } from './recent-students';
import { StudentSearchResults } from './student-search-results';

/** Spec 2 §4: after a change, the student's information reloads after 2 seconds. */
export const RELOAD_AFTER_MS = 2000;

const MOBILE = /^[0-9]{10}$/;

/** How long typing pauses before the text is searched. */
const SEARCH_PAUSE_MS = 250;

/** `value` once it has stayed the same for `ms` (at once when it empties, or on the first render). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '') {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A whole mobile number typed any way ('+91 98765 43210', '98765-43210'), or null. */
function wholeMobile(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '').replace(/^\+91(?=[0-9]{10}$)/, '');
  return MOBILE.test(digits) ? digits : null;
}

/** The order dialogs: a new order, a payment for a pending one, a refund of a paid one. */
type OrderAction = { kind: 'new' } | { kind: 'pay'; order: OrderDetail } | { kind: 'refund'; order: OrderDetail };

/**
 * Student Management (spec 2 §4, §7): find a student by mobile number (the specification's lookup), or
 * by name, e-mail, order id or invoice number (DESIGN §10); their subscriptions and invoices. The URL
 * keeps the student opened (`mobileNumber`) and the text searched (`q`, `page`).
 */
export default function StudentManagementPage() {
  const [params, setParams] = useUrlSearchParams();
  const fromUrl = params.get('mobileNumber') ?? '';
  const mobileNumber = MOBILE.test(fromUrl) ? fromUrl : null;
  const searchedInUrl = params.get('q');
  const urlText = searchedInUrl ?? fromUrl;
  const resultsPage = Math.max(0, Math.floor(Number(params.get('page') ?? 0)) || 0);
  const [text, setText] = useState(urlText);
  const [typedInvalid, setTypedInvalid] = useState(false);
  // the texts this page wrote to the URL while typing: their landing is not a navigation to follow
  const written = useRef(new Set<string>());
  const searchBox = useRef<HTMLDivElement>(null);
  const resultsList = useRef<HTMLUListElement | null>(null);
  const [action, setAction] = useState<StudentAction | null>(null);
  const [orderAction, setOrderAction] = useState<OrderAction | null>(null);
  const canManageOrders = hasPermission(useSession()?.roles ?? [], 'commerce');
  const queryClient = useQueryClient();
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (written.current.has(urlText)) return;
    written.current.clear();
    setText(urlText);
  }, [urlText]);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const student = useStudent(mobileNumber);
  const studentId = student.data?.studentId;
  const subscriptions = useStudentSubscriptions(studentId);
  const orders = useStudentOrders(studentId);
  const update = useUpdateStudentSubscription();
  const verify = useVerifyStudentEmail();

  const typed = text.trim();
  // the student shows while the box holds their number; any other text of 2 characters or more
  // lists the students it matches; less shows the newest students and orders
  const view =
    mobileNumber !== null && typed === mobileNumber
      ? 'student'
      : typed.length >= STUDENT_SEARCH_MIN_LENGTH
        ? 'results'
        : 'start';
  // typing asks once the keys pause: every keystroke of 'Ananya' would otherwise be a search
  const searched = useSettled(view === 'results' ? typed : '', SEARCH_PAUSE_MS);
  const results = useStudentSearch(searched, resultsPage);
  const recent = useRecentStudents(view === 'start');

  function type(value: string) {
    setText(value);
    setTypedInvalid(false);
    const q = value.trim();
    written.current.add(q === '' ? fromUrl : q);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (q === '') next.delete('q');
        else next.set('q', q);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  function search(value: string) {
    const mobile = wholeMobile(value);
    if (mobile === null) {
      if (value.length < STUDENT_SEARCH_MIN_LENGTH) setTypedInvalid(true);
      // the answer about this very text: one student opens, several take the focus to the first
      else if (searched === value && results.data && !results.isPlaceholderData) {
        const [only] = results.data.content;
        if (results.data.totalElements === 1 && only) open(only.mobileNumber);
        else resultsList.current?.querySelector<HTMLElement>('a')?.focus();
      }
      return;
    }
    setTypedInvalid(false);
    setText(mobile);
    setParams({ mobileNumber: mobile });
    // searching the same number again fetches it afresh
    if (mobile === mobileNumber) void queryClient.invalidateQueries({ queryKey: queryKeys.students });
  }

  function open(mobile: string) {
    setTypedInvalid(false);
    setText(mobile);
    setParams({ mobileNumber: mobile });
  }

  function backToSearch() {
    searchBox.current?.querySelector('input')?.focus();
  }

  function reloadSoon() {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.students });
    }, RELOAD_AFTER_MS);
  }

  async function sendUpdate(body: SubscriptionUpdateBody) {
    await update.mutateAsync(body);
    reloadSoon();
  }

  async function sendVerify(reason: string) {
    if (!studentId) return;
    await verify.mutateAsync({ studentId, ...(reason ? { reason } : {}) });
    reloadSoon();
  }

  const notFound = student.isError && isApiError(student.error) && student.error.status === 404;
  // the answer about the searched number shows while the field still holds it and no refusal shows
  const answerShown = !typedInvalid && view === 'student';

  return (
    <Box>
      <PageHeader title="Student Management" />
      <Box
        ref={searchBox}
        sx={{ maxWidth: 640, mb: 3 }}
        onKeyDown={(event) => {
          // ArrowDown from the box goes to the first student listed below it
          if (event.key !== 'ArrowDown' || !(event.target instanceof HTMLInputElement)) return;
          const first = document.querySelector<HTMLElement>('[data-student-link]');
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
      >
        <SearchBar
          value={text}
          onChange={type}
          onSearch={search}
          label="Find a student"
          placeholder="Mobile number, name, e-mail, order id or invoice number"
          maxLength={100}
          fullWidth
        />
        {typedInvalid && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            Type at least 2 characters, or the student&apos;s 10-digit mobile number.
          </Typography>
        )}
      </Box>

      {view === 'start' && (
        <Stack spacing={2}>
          <Box>
            <Typography color="text.secondary">Search a student by their 10-digit mobile number.</Typography>
            <Typography color="text.secondary">Or type a name, e-mail, order id or invoice number.</Typography>
          </Box>
          <RecentStudentsCards query={recent} onBackToSearch={backToSearch} />
        </Stack>
      )}
      {view === 'results' && (
        <StudentSearchResults
          q={searched}
          query={results}
          listRef={(element) => {
            resultsList.current = element;
          }}
          onBackToSearch={backToSearch}
          onPage={(page) =>
            setParams((previous) => {
              const next = new URLSearchParams(previous);
              if (page > 0) next.set('page', String(page));
              else next.delete('page');
              return next;
            })
          }
        />
      )}
      {view === 'student' && student.isPending && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={24} aria-label="Loading the student" />
          <Typography color="text.secondary">Looking up {mobileNumber}…</Typography>
        </Box>
      )}
      {notFound && answerShown && (
        <Alert severity="info" role="status">
          No student found for {mobileNumber}.
        </Alert>
      )}
      {view === 'student' && student.isError && !notFound && <QueryErrorAlert query={student} />}

      {view === 'student' && student.data && (
        <Stack spacing={3}>
          <StudentDetailsCard student={student.data} onVerifyEmail={() => setAction({ kind: 'verify' })} />
          <SubscriptionsCard
            query={subscriptions}
            onGrant={() => setAction({ kind: 'grant' })}
            onExtend={(subscription) => setAction({ kind: 'extend', subscription })}
            onCancel={(subscription) => setAction({ kind: 'cancel', subscription })}
          />
          <OrdersCard
            query={orders}
            canManage={canManageOrders}
            onNewOrder={() => setOrderAction({ kind: 'new' })}
            onRecordPayment={(order) => setOrderAction({ kind: 'pay', order })}
            onRefund={(order) => setOrderAction({ kind: 'refund', order })}
          />
          <DeliveryCard studentId={student.data.studentId} mobileNumber={student.data.mobileNumber} />
          <ActionDialog
            action={action}
            student={student.data}
            onClose={() => setAction(null)}
            onUpdate={sendUpdate}
            onVerify={sendVerify}
          />
          {orderAction?.kind === 'new' && (
            <NewOrderDialog student={student.data} onClose={() => setOrderAction(null)} />
          )}
          {orderAction?.kind === 'pay' && (
            <RecordPaymentDialog order={orderAction.order} onClose={() => setOrderAction(null)} />
          )}
          {orderAction?.kind === 'refund' && (
            <RefundDialog order={orderAction.order} onClose={() => setOrderAction(null)} />
          )}
        </Stack>
      )}
    </Box>
  );
}
