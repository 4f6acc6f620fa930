import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COUPON_MAX_PERCENT, COUPON_MESSAGES, fillMessage, type Coupon, plural } from '@lectern/contract';
import { EditorDrawer } from '../../../components/form/editor-drawer';
import { isApiError } from '../../../lib/api-error';
import { useEditController } from '../../../lib/controllers/use-edit-controller';
import { issuesResolver } from '../../../lib/issues-resolver';
import { useCreateCoupon, useUpdateCoupon } from '../api/coupon-mutations';
import { useListingChoices, useSubjectChoices } from '../api/get-coupon-choices';
import {
  COUPON_FIELD_LABELS,
  couponBody,
  couponFormValues,
  emptyCouponForm,
  type CouponFormField,
  type CouponFormValues,
} from './coupon-form';
import { CouponChoiceFields, SwitchField } from './coupon-fields';
import { StudentMobilesField } from './student-mobiles-field';

const resolver = issuesResolver<CouponFormValues>(couponBody);

/** The field a refusal of the server is about, so its message shows there too. */
function serverField(message: string, couponName: string): CouponFormField | null {
  if (message === fillMessage(COUPON_MESSAGES.nameTaken, { couponName })) return 'couponName';
  if (message.startsWith(COUPON_MESSAGES.unknownMobiles.split('[')[0]!)) return 'mobiles';
  if (message.startsWith(COUPON_MESSAGES.flatAboveCheapest.split('[')[0]!)) return 'amount';
  if (message.startsWith(COUPON_MESSAGES.endInPast.split('[')[0]!)) return 'applicableUpto';
  return null;
}

export interface CouponDrawerProps {
  open: boolean;
  /** the coupon to edit (or read, when expired), or null to add one */
  coupon: Coupon | null;
  /** the same coupon as the list holds it now (after someone else's save), to load their values */
  latest?: Coupon;
  /** a new coupon starts as a copy of this one (its name and days left to fill in) */
  copyFrom?: Coupon | null;
  /** 'Copy to a new coupon' on an expired one */
  onCopy?: (coupon: Coupon) => void;
  onClose: () => void;
}

/** A new coupon with the terms of `coupon`: a name and days of its own still to give. */
function copyValues(coupon: Coupon): CouponFormValues {
  const fresh = emptyCouponForm();
  return { ...couponFormValues(coupon), couponName: '', applicableFrom: fresh.applicableFrom, applicableUpto: '' };
}

/**
 * Add or edit a coupon in the right-hand drawer (spec 2 §3 "Coupon"): the contract's own rules check
 * it as it is typed; the server's refusals (a name taken, unknown mobile numbers, a flat amount above
 * the cheapest price) show in the drawer with everything typed kept. An expired coupon is read-only.
 */
export function CouponDrawer({ open, coupon: opened, latest, copyFrom = null, onCopy, onClose }: CouponDrawerProps) {
  const readOnly = opened?.status === 'EXPIRED';
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const mutation = opened ? update : create;
  const alertRef = useRef<HTMLDivElement>(null);
  const listings = useListingChoices(open && !readOnly);
  const subjects = useSubjectChoices(open && !readOnly);

  const form = useForm<CouponFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: opened ? couponFormValues(opened) : copyFrom ? copyValues(copyFrom) : emptyCouponForm(),
  });
  const { control, register, handleSubmit, formState, setError } = form;
  const { errors, isDirty } = formState;
  const [percentage, entireCourse, unlimited, usageLimit, anyStudent] = useWatch({
    control,
    name: ['percentage', 'applicableForEntireCourse', 'unlimited', 'usageLimit', 'applicableForAnyStudent'],
  });
  const dirty = isDirty && !readOnly;

  const edit = useEditController({
    item: opened,
    form,
    toValues: couponFormValues,
    latest,
    labels: COUPON_FIELD_LABELS,
    guardWhen: open && !readOnly,
    guardMessage: 'The coupon you are editing has not been saved.',
    save: async (values, base) => {
      const body = couponBody(values).body!;
      try {
        if (base) await update.mutateAsync({ body: { couponId: base.couponId, version: base.version, ...body } });
        else await create.mutateAsync({ body });
      } catch (error) {
        // the drawer says why and keeps everything typed; the field it is about says so too
        const field = isApiError(error) ? serverField(error.message, values.couponName.trim()) : null;
        if (field && isApiError(error)) setError(field, { type: 'server', message: error.message });
        alertRef.current?.scrollIntoView?.({ block: 'nearest' });
        throw error;
      }
    },
  });
  const coupon = edit.base;

  async function save(values: CouponFormValues) {
    if (!couponBody(values).body) return;
    if (await edit.submit(values)) onClose();
  }

  const title = coupon ? (readOnly ? coupon.couponName : `Edit ${coupon.couponName}`) : 'Add coupon';

  return (
    <>
      <EditorDrawer
        open={open}
        onClose={onClose}
        title={title}
        subtitle={
          readOnly
            ? 'Expired coupon'
            : coupon
              ? `Created by ${coupon.createdBy}; used ${plural(coupon.used, 'time')}.`
              : copyFrom
                ? `A copy of ${copyFrom.couponName}: give it a name and its days.`
                : 'Students type its name at checkout.'
        }
        primaryLabel={readOnly ? 'Close' : coupon ? 'Save changes' : 'Add coupon'}
        {...(readOnly && coupon && onCopy
          ? { secondaryLabel: 'Copy to a new coupon', onSecondary: () => onCopy(coupon) }
          : {})}
        edit={edit}
        mutation={mutation}
        dirty={dirty}
        onSave={readOnly ? () => Promise.resolve(onClose()) : handleSubmit(save)}
        problemRef={alertRef}
      >
        {readOnly && coupon && (
          <Alert severity="info">
            This coupon is expired{coupon.expiredBy ? ` (by ${coupon.expiredBy})` : ''}: it cannot be edited or made
            active again. Copy it to a new coupon instead.
          </Alert>
        )}
        <TextField
          label="Coupon name"
          required
          autoComplete="off"
          {...register('couponName')}
          error={Boolean(errors.couponName)}
          helperText={errors.couponName?.message ?? 'Letters, digits and hyphens, e.g. DIWALI500 or NEET-EARLYBIRD.'}
          slotProps={{ htmlInput: { maxLength: 30, readOnly } }}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          {...register('description')}
          slotProps={{ htmlInput: { maxLength: 500, readOnly } }}
          error={Boolean(errors.description)}
          helperText={errors.description?.message}
        />
        <SwitchField control={control} name="percentage" label="Percentage" disabled={readOnly}>
          {percentage ? `The amount is a percentage, 1 to ${COUPON_MAX_PERCENT}.` : 'The amount is in rupees.'}
        </SwitchField>
        <TextField
          label={percentage ? 'Discount (%)' : 'Discount (Rs.)'}
          required
          autoComplete="off"
          {...register('amount')}
          error={Boolean(errors.amount)}
          helperText={
            errors.amount?.message ??
            (percentage
              ? `A whole number from 1 to ${COUPON_MAX_PERCENT}.`
              : 'Not above the cheapest price it applies to.')
          }
          slotProps={{
            htmlInput: { inputMode: percentage ? 'numeric' : 'decimal', maxLength: percentage ? 3 : 12, readOnly },
            input: percentage
              ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
              : { startAdornment: <InputAdornment position="start">Rs.</InputAdornment> },
          }}
        />
        <SwitchField control={control} name="featured" label="Featured" disabled={readOnly}>
          Shown on the store listings it applies to.
        </SwitchField>

        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          Applies to
        </Typography>
        <SwitchField control={control} name="applicableForEntireCourse" label="Entire course" disabled={readOnly}>
          {entireCourse ? 'Every store listing.' : 'Only the listings chosen, and listings holding a chosen subject.'}
        </SwitchField>
        {!entireCourse && readOnly && coupon && (
          // an expired coupon's choices, as text: there is nothing to pick
          <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1 } }}>
            <dt>Store listings</dt>
            <dd>{coupon.storeListingInfoList.map((l) => l.storeListingName).join(', ') || 'None'}</dd>
            <dt>Subjects</dt>
            <dd>{coupon.subjectInfoList.map((s) => s.subjectName).join(', ') || 'None'}</dd>
          </Box>
        )}
        {!entireCourse && !readOnly && (
          <CouponChoiceFields
            control={control}
            listings={listings}
            subjects={subjects}
            error={errors.storeListings?.message}
          />
        )}

        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          When
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="From"
            type="date"
            required
            {...register('applicableFrom')}
            error={Boolean(errors.applicableFrom)}
            helperText={errors.applicableFrom?.message ?? 'The first day (India).'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly } }}
          />
          <TextField
            label="Upto"
            type="date"
            required={!unlimited}
            disabled={unlimited}
            {...register('applicableUpto')}
            error={Boolean(errors.applicableUpto)}
            helperText={errors.applicableUpto?.message ?? (unlimited ? 'No end date.' : 'The last day, included.')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly } }}
          />
        </Box>
        <SwitchField control={control} name="unlimited" label="Unlimited (no end date)" disabled={readOnly} />

        <SwitchField control={control} name="usageLimit" label="Usage limit" disabled={readOnly}>
          {usageLimit ? 'It can be used this many times in all.' : 'Any number of uses (each student once).'}
        </SwitchField>
        {usageLimit && (
          <TextField
            label="Limit"
            required
            autoComplete="off"
            {...register('limit')}
            error={Boolean(errors.limit)}
            helperText={errors.limit?.message ?? 'Uses over every student.'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8, readOnly } }}
          />
        )}

        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          Students
        </Typography>
        <SwitchField control={control} name="applicableForAnyStudent" label="Any student" disabled={readOnly}>
          {anyStudent ? 'Every student can use it once.' : 'Only the students added below, by mobile number.'}
        </SwitchField>
        {!anyStudent && (
          <Controller
            control={control}
            name="mobiles"
            render={({ field }) => (
              <StudentMobilesField
                value={field.value}
                onChange={(numbers) => field.onChange(numbers)}
                error={errors.mobiles?.message}
                disabled={readOnly}
              />
            )}
          />
        )}
      </EditorDrawer>
      {edit.guard.dialog}
    </>
  );
}
