import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { StoreListingFormInput } from '../store-listing-form';

export interface RecommendationOption {
  storeListingId: string;
  storeListingName: string;
  storeListingCode: string;
  catalogueName: string;
}

/** Other listings this one recommends, in the order chosen (never itself). */
export function RecommendationsStep({
  options,
  loading,
  error,
}: {
  options: readonly RecommendationOption[];
  loading: boolean;
  error?: ReactNode;
}) {
  const { control } = useFormContext<StoreListingFormInput>();
  return (
    <Controller
      control={control}
      name="recommendationCourses"
      render={({ field }) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {`Students see these listings under 'You may also like', in the order chosen (${field.value.length} chosen).`}
          </Typography>
          {loading && <LinearProgress aria-label="Loading the listings" />}
          {error}
          {!loading && options.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              There are no other listings to recommend yet.
            </Typography>
          )}
          {options.map((option) => {
            const position = field.value.indexOf(option.storeListingId);
            return (
              <FormControlLabel
                key={option.storeListingId}
                sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                control={
                  <Checkbox
                    checked={position >= 0}
                    onChange={(_event, on) =>
                      field.onChange(
                        on
                          ? [...field.value, option.storeListingId]
                          : field.value.filter((id) => id !== option.storeListingId),
                      )
                    }
                  />
                }
                label={`${position >= 0 ? `${position + 1}. ` : ''}${option.storeListingName} (${option.storeListingCode}) · ${option.catalogueName}`}
              />
            );
          })}
        </Box>
      )}
    />
  );
}
