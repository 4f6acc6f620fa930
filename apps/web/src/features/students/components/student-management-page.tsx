import { useEffect, useRef, useState } from 'react';

import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasPermission, type OrderDetail, type SubscriptionUpdateBody } from '@lectern/contract';
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

/** Spec 2 §4: after a change, the student's information reloads after 2 seconds. */
export const RELOAD_AFTER_MS = 2000;

const MOBILE = /^[0-9]{10}$/;

/** The order dialogs: a new order, a payment for a pending one, a refund of a paid one. */
type OrderAction = { kind: 'new' } | { kind: 'pay'; order: OrderDetail } | { kind: 'refund'; order: OrderDetail };

/** Student Management (spec 2 §4, §7): find a student by mobile number, their subscriptions and invoices. */
export default function StudentManagementPage() {
  const [params, setParams] = useUrlSearchParams();
  const fromUrl = params.get('mobileNumber') ?? '';
  const mobileNumber = MOBILE.test(fromUrl) ? fromUrl : null;
  const [text, setText] = useState(fromUrl);
  const [typedInvalid, setTypedInvalid] = useState(false);
  const [action, setAction] = useState<StudentAction | null>(null);
  const [orderAction, setOrderAction] = useState<OrderAction | null>(null);
  const canManageOrders = hasPermission(useSession()?.roles ?? [], 'commerce');
  const queryClient = useQueryClient();
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => setText(fromUrl), [fromUrl]);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const student = useStudent(mobileNumber);
  const studentId = student.data?.studentId;
  const subscriptions = useStudentSubscriptions(studentId);
  const orders = useStudentOrders(studentId);
  const update = useUpdateStudentSubscription();
  const verify = useVerifyStudentEmail();

  function search(value: string) {
    if (!MOBILE.test(value)) {
      setTypedInvalid(true);
      return;
    }
    setTypedInvalid(false);
    setParams({ mobileNumber: value });
    // searching the same number again fetches it afresh
    if (value === mobileNumber) void queryClient.invalidateQueries({ queryKey: queryKeys.students });
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
  const answerShown = !typedInvalid && text === mobileNumber;

  return (
    <Box>
      <PageHeader title="Student Management" />
      <Box sx={{ maxWidth: 520, mb: 3 }}>
        <SearchBar
          numberMode
          value={text}
          onChange={(value) => {
            setText(value);
            setTypedInvalid(false);
          }}
          onSearch={search}
          label="Student mobile number"
          placeholder="Mobile number"
          fullWidth
        />
        {typedInvalid && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            Enter the student&apos;s 10-digit mobile number.
          </Typography>
        )}
      </Box>

      {mobileNumber === null && (
        <Typography color="text.secondary">Search a student by their 10-digit mobile number.</Typography>
      )}
      {mobileNumber !== null && student.isPending && (
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
      {student.isError && !notFound && <QueryErrorAlert query={student} />}

      {student.data && (
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
