import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import AddIcon from '@mui/icons-material/Add';
import { MESSAGES, PAGES, type Category, plural } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Modal } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useDeleteCategory, useReorderCategories, useUpdateCategory } from '../api/category-mutations';
import { useCategories } from '../../../lib/queries/get-categories';
import { CategoryDrawer } from './category-drawer';
import { categoriesTableConfig } from './categories-table';

export const CATEGORIES_PATH = '/publisher/categories';
const TITLE = PAGES.find((page) => page.path === CATEGORIES_PATH)?.pageName ?? 'Categories';

type DrawerState = { open: boolean; category: Category | null; key: number };
// the category stays while a dialog fades out, so its text does not go blank mid-animation
type DialogState = { open: boolean; category: Category | null };

function deleteMessage(category: Category): string {
  const listed = category.catalogues.length;
  return listed > 0
    ? `'${category.categoryName}' will be deleted. ${plural(listed, 'catalogue')} listed in it will have no category until you choose another.`
    : `'${category.categoryName}' will be deleted.`;
}

/**
 * /publisher/categories (SUPER_ADMIN, CONTENT_ADMIN): the store's categories in the order students
 * see them. Drag (mouse or keyboard) to reorder, publish or unpublish, add or edit one with its
 * sub-categories in the drawer, and delete one once it has no sub-categories (spec 2 §5).
 */
export default function CategoriesPage() {
  const categories = useCategories();
  const { mutateAsync: updateCategory } = useUpdateCategory();
  const { mutateAsync: deleteCategory } = useDeleteCategory();
  const { mutate: reorder } = useReorderCategories();
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, category: null, key: 0 });
  const [deleting, setDeleting] = useState<DialogState>({ open: false, category: null });
  const [refused, setRefused] = useState<DialogState>({ open: false, category: null });

  const rows = useMemo(() => categories.data ?? [], [categories.data]);
  // the freshest copy: a switch must send the version the server holds now
  const current = useCallback((id: string) => rows.find((category) => category.categoryId === id), [rows]);

  const openDrawer = useCallback(
    (category: Category | null) => setDrawer((previous) => ({ open: true, category, key: previous.key + 1 })),
    [],
  );

  const config = useMemo(
    () =>
      categoriesTableConfig({
        edit: (category) => openDrawer(current(category.categoryId) ?? category),
        askDelete: (category) => {
          // spec 2 §5: a category with sub-categories cannot be deleted; say so before asking anything
          if (category.subCategories.length > 0) setRefused({ open: true, category });
          else setDeleting({ open: true, category });
        },
        setPublished: (category, publishState) => {
          const fresh = current(category.categoryId) ?? category;
          updateCategory({
            categoryId: fresh.categoryId,
            version: fresh.version,
            categoryName: fresh.categoryName,
            publishState,
            subCategories: fresh.subCategories.map(({ subCategoryId, subCategoryName }) => ({
              subCategoryId,
              subCategoryName,
            })),
          }).catch(() => undefined);
        },
      }),
    [current, openDrawer, updateCategory],
  );

  const published = rows.filter((category) => category.publishState).length;

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Store categories and their sub-categories, in the order students see them. Drag a row to reorder."
        figures={
          categories.data
            ? [
                { label: 'Categories', value: rows.length },
                { label: 'Published', value: published },
              ]
            : []
        }
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDrawer(null)}>
            Add category
          </Button>
        }
      />
      <DataTable
        config={config}
        rows={rows}
        syncUrl={false}
        loading={categories.isPending}
        error={categories.isError ? <QueryErrorAlert query={categories} /> : undefined}
        onReorder={(event) => reorder(event.ids.map(String))}
      />
      <CategoryDrawer
        key={drawer.key}
        open={drawer.open}
        category={drawer.category}
        onClose={() => setDrawer((previous) => ({ ...previous, open: false }))}
      />
      <ConfirmDialog
        open={deleting.open}
        title={`Delete ${deleting.category?.categoryName ?? ''}?`}
        message={deleting.category ? deleteMessage(deleting.category) : undefined}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting.category ? deleteCategory(deleting.category.categoryId) : undefined)}
        onClose={() => setDeleting((previous) => ({ ...previous, open: false }))}
      />
      <Modal
        open={refused.open}
        onClose={() => setRefused((previous) => ({ ...previous, open: false }))}
        title={`${refused.category?.categoryName ?? ''} cannot be deleted`}
        maxWidth="xs"
        hideCloseButton
        actions={
          <Button variant="contained" onClick={() => setRefused((previous) => ({ ...previous, open: false }))}>
            OK
          </Button>
        }
      >
        <DialogContentText component="div">
          <p>{MESSAGES.categoryHasSubcategories}</p>
          <p>Remove its sub-categories in Edit first.</p>
        </DialogContentText>
      </Modal>
    </>
  );
}
