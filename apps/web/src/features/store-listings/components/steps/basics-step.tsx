import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  STORE_DESCRIPTION_MAX,
  plural,
  type Category,
  type ListableCatalogue,
  type StoreListing,
} from '@lectern/contract';
import type { StoreListingFormInput } from '../store-listing-form';
import { RichTextInput, SwitchInput, TextInput, useFieldError } from '../fields';

export interface BasicsStepProps {
  saved: StoreListing | null;
  catalogues: readonly ListableCatalogue[];
  cataloguesLoading: boolean;
  categories: readonly Category[];
  resetKey: number;
}

/** The catalogue (chosen once), the name or 'same as catalogue', the code, category, hours and description. */
export function BasicsStep({ saved, catalogues, cataloguesLoading, categories, resetKey }: BasicsStepProps) {
  const { control, setValue } = useFormContext<StoreListingFormInput>();
  const [catalogueId, sameName, sameHours, categoryId] = useWatch({
    control,
    name: ['catalogueId', 'sameNameAsCatalogue', 'sameAsCatalogueHours', 'categoryId'],
  });
  const catalogue = catalogues.find((c) => c.catalogueId === catalogueId);
  const category = categories.find((c) => c.categoryId === categoryId);
  const catalogueError = useFieldError('catalogueId');
  const categoryError = useFieldError('categoryId');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {saved ? (
        <Typography variant="body2">
          Catalogue: <strong>{saved.catalogueName}</strong> ({saved.catalogueCode})
          {saved.catalogueArchived && ' · archived: students cannot find this listing'}
        </Typography>
      ) : (
        <Controller
          control={control}
          name="catalogueId"
          render={({ field }) => (
            <TextField
              select
              required
              fullWidth
              label="Catalogue"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
                // a new catalogue's plans and videos are its own: what was chosen for another goes
                setValue('subscriptions', [], { shouldDirty: true });
                setValue('addons', [], { shouldDirty: true });
                setValue('previewVideos', [], { shouldDirty: true });
              }}
              error={Boolean(catalogueError)}
              helperText={
                catalogueError ??
                (cataloguesLoading
                  ? 'Loading the catalogues that can be listed…'
                  : catalogues.length === 0
                    ? 'Every catalogue is listed or archived: create a catalogue first.'
                    : 'A catalogue that is not archived and not listed yet.')
              }
            >
              {catalogues.map((c) => (
                <MenuItem key={c.catalogueId} value={c.catalogueId}>
                  {c.catalogueName} ({c.catalogueCode})
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <SwitchInput name="sameNameAsCatalogue" label="Same name as catalogue" />
          {sameName ? (
            <Typography variant="body2" color="text.secondary">
              Shown as: {saved?.catalogueName ?? catalogue?.catalogueName ?? 'the catalogue’s name'}
            </Typography>
          ) : (
            <TextInput name="storeListingName" label="Store listing name" required />
          )}
        </Box>
        <TextInput
          name="storeListingCode"
          label="Store listing code"
          required
          helperText="Letters, digits and hyphens; unique among listings."
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label="Category"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
                setValue('subCategoryId', '', { shouldDirty: true });
              }}
              error={Boolean(categoryError)}
              helperText={categoryError}
            >
              <MenuItem value="">No category</MenuItem>
              {categories.map((c) => (
                <MenuItem key={c.categoryId} value={c.categoryId}>
                  {c.categoryName}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="subCategoryId"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label="Sub-category"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={field.onChange}
              disabled={!category || category.subCategories.length === 0}
              helperText={
                category && category.subCategories.length === 0 ? 'This category has no sub-categories.' : undefined
              }
            >
              <MenuItem value="">No sub-category</MenuItem>
              {(category?.subCategories ?? []).map((sub) => (
                <MenuItem key={sub.subCategoryId} value={sub.subCategoryId}>
                  {sub.subCategoryName}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <SwitchInput name="sameAsCatalogueHours" label="Same hours as catalogue" />
          {sameHours ? (
            <Typography variant="body2" color="text.secondary">
              Shown as:{' '}
              {catalogue
                ? plural(catalogue.catalogueHours, 'hour')
                : saved
                  ? plural(saved.storeListingHours, 'hour')
                  : 'the catalogue’s hours'}
            </Typography>
          ) : (
            <TextInput name="storeListingHours" label="Hours" required inputMode="decimal" />
          )}
        </Box>
        <SwitchInput name="publishState" label="Published in the store" />
      </Box>
      {!saved && catalogues.length === 0 && !cataloguesLoading && (
        <Alert severity="info">No catalogue can be listed: each one is already listed or archived.</Alert>
      )}
      <RichTextInput
        name="storeListingDescription"
        label="Description"
        max={STORE_DESCRIPTION_MAX}
        resetKey={resetKey}
      />
    </Box>
  );
}
