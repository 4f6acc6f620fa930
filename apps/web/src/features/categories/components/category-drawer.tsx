import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Category } from '@lectern/contract';
import { EditorDrawer } from '../../../components/form/editor-drawer';
import { useEditController } from '../../../lib/controllers/use-edit-controller';
import { useCategories } from '../../../lib/queries/get-categories';
import { useCreateCategory, useUpdateCategory } from '../api/category-mutations';
import {
  CategoryFormSchema,
  EMPTY_CATEGORY,
  valuesOf,
  type CategoryFormInput,
  type CategoryFormValues,
} from './category-form';
import { SubCategoryFields } from './sub-category-fields';
import { plural } from '@lectern/contract';

export interface CategoryDrawerProps {
  open: boolean;
  /** The category being edited, or null to add one. */
  category: Category | null;
  onClose: () => void;
}

const CATEGORY_FIELD_LABELS = {
  categoryName: 'Category name',
  publishState: 'Published',
  subCategories: 'Sub-categories',
} as const;

/**
 * Add or edit a category in the right-hand drawer: its name, whether it is published, and its
 * sub-categories (add, rename, remove, drag to reorder). It saves at the version read; a failure keeps
 * everything typed and says why, and a stale version shows the one notice (what changed, 'Load latest',
 * 'Overwrite with mine').
 */
export function CategoryDrawer({ open, category, onClose }: CategoryDrawerProps) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const mutation = category ? update : create;
  const categories = useCategories();
  const form = useForm<CategoryFormInput, unknown, CategoryFormValues>({
    resolver: zodResolver(CategoryFormSchema),
    // checked on save, then as typed: a check on blur would add or drop a message under a row while
    // the pointer is on its way to 'Add sub-category', moving the button from under the click
    mode: 'onSubmit',
    defaultValues: category ? valuesOf(category) : EMPTY_CATEGORY,
  });
  const { control, register, handleSubmit, formState } = form;
  const { errors, isDirty } = formState;
  const edit = useEditController({
    item: category,
    form,
    toValues: valuesOf,
    // the list is read again after every save, a refused one too
    latest: category ? categories.data?.find((entry) => entry.categoryId === category.categoryId) : undefined,
    labels: CATEGORY_FIELD_LABELS,
    guardWhen: open,
    guardMessage: 'The category you are editing has not been saved.',
    save: async (values, base) => {
      if (base) await update.mutateAsync({ categoryId: base.categoryId, version: base.version, ...values });
      else await create.mutateAsync(values);
    },
  });
  const listed = useMemo(
    () => new Map(category?.subCategories.map((sub) => [sub.subCategoryId, sub.catalogues.length]) ?? []),
    [category],
  );

  async function submit(values: CategoryFormValues) {
    // the drawer shows a refusal (the snackbar too) and keeps what was typed
    if (await edit.submit(values)) onClose();
  }

  return (
    <>
      <EditorDrawer
        open={open}
        onClose={onClose}
        title={category ? `Edit ${category.categoryName}` : 'Add category'}
        subtitle={
          category
            ? `${plural(category.catalogues.length, 'catalogue')} listed in this category.`
            : 'New categories go last in the store; drag them into place in the list.'
        }
        primaryLabel={category ? 'Save changes' : 'Create category'}
        edit={edit}
        mutation={mutation}
        dirty={isDirty}
        onSave={handleSubmit(submit)}
      >
        <TextField
          label="Category name"
          required
          autoComplete="off"
          {...register('categoryName')}
          error={Boolean(errors.categoryName)}
          helperText={errors.categoryName?.message}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <Controller
          control={control}
          name="publishState"
          render={({ field }) => (
            <FormControl>
              <FormControlLabel
                label="Published"
                control={
                  <Switch
                    checked={field.value ?? false}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    onChange={(_event, checked) => field.onChange(checked)}
                  />
                }
              />
              <FormHelperText>
                {field.value ? 'Students see it in the store.' : 'Hidden from the store until published.'}
              </FormHelperText>
            </FormControl>
          )}
        />
        <SubCategoryFields control={control} register={register} errors={errors} listed={listed} />
      </EditorDrawer>
      {edit.guard.dialog}
    </>
  );
}
