import type { ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { UseQueryResult } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ListingChoice, SubjectChoice } from '../api/get-coupon-choices';
import type { CouponFormValues } from './coupon-form';

/** The store listings and subjects a coupon applies to, when not the entire course. */
export function CouponChoiceFields({
  control,
  listings,
  subjects,
  error,
}: {
  control: Control<CouponFormValues>;
  listings: UseQueryResult<ListingChoice[]>;
  subjects: UseQueryResult<SubjectChoice[]>;
  error: string | undefined;
}) {
  return (
    <>
      <Controller
        control={control}
        name="storeListings"
        render={({ field }) => (
          <Autocomplete
            multiple
            disableCloseOnSelect
            options={listings.data ?? []}
            loading={listings.isPending}
            value={field.value}
            onChange={(_event, chosen) =>
              field.onChange(
                chosen.map(({ storeListingId, storeListingName }) => ({ storeListingId, storeListingName })),
              )
            }
            onBlur={field.onBlur}
            getOptionLabel={(option) => option.storeListingName}
            isOptionEqualToValue={(a, b) => a.storeListingId === b.storeListingId}
            noOptionsText={listings.isError ? 'Could not load the store listings.' : 'No store listings.'}
            renderOption={({ key, ...props }, option, { selected }) => (
              <li key={key} {...props}>
                <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0.5 }} tabIndex={-1} />
                {option.storeListingName}
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label="Store listings"
                error={Boolean(error)}
                helperText={error ?? 'Type to search.'}
              />
            )}
          />
        )}
      />
      <Controller
        control={control}
        name="subjects"
        render={({ field }) => (
          <Autocomplete
            multiple
            disableCloseOnSelect
            options={subjects.data ?? []}
            loading={subjects.isPending}
            value={field.value}
            onChange={(_event, chosen) =>
              field.onChange(chosen.map(({ subjectId, subjectName }) => ({ subjectId, subjectName })))
            }
            onBlur={field.onBlur}
            getOptionLabel={(option) => option.subjectName}
            isOptionEqualToValue={(a, b) => a.subjectId === b.subjectId}
            noOptionsText={subjects.isError ? 'Could not load the subjects.' : 'No published subjects.'}
            renderOption={({ key, ...props }, option, { selected }) => (
              <li key={key} {...props}>
                <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0.5 }} tabIndex={-1} />
                {option.subjectName}
              </li>
            )}
            renderInput={(params) => (
              <TextField {...params} label="Subjects" helperText="Listings whose catalogue holds one of them." />
            )}
          />
        )}
      />
    </>
  );
}

export function SwitchField({
  control,
  name,
  label,
  disabled,
  children,
}: {
  control: Control<CouponFormValues>;
  name:
    'percentage' | 'featured' | 'applicableForEntireCourse' | 'unlimited' | 'usageLimit' | 'applicableForAnyStudent';
  label: string;
  disabled: boolean;
  children?: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Switch
                checked={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(_event, checked) => field.onChange(checked)}
              />
            }
          />
          {children && <FormHelperText sx={{ mt: 0 }}>{children}</FormHelperText>}
        </Box>
      )}
    />
  );
}
