import type { Category } from '@lectern/contract';
import type { TableConfig } from '../../../components/data-table';

interface CategoryActions {
  edit: (category: Category) => void;
  askDelete: (category: Category) => void;
  setPublished: (category: Category, published: boolean) => void;
}

/** The categories in the store's order: drag (mouse or keyboard) to reorder, publish, edit, delete. */
export function categoriesTableConfig(actions: CategoryActions): TableConfig<Category> {
  return {
    title: 'Categories',
    checkboxKeyMap: 'categoryId',
    pagination: { usePagination: false },
    dragAndDrop: { enabled: true },
    minWidth: 860,
    emptyMessages: { empty: 'No categories yet. Add the first one with Add category.' },
    columns: [
      { id: 'drag', title: 'Order', elementType: 'dragIcon', hideTitle: true },
      { id: 'name', title: 'Category', dataMapping: 'categoryName', extraWidth: 180 },
      {
        id: 'subCategories',
        title: 'Sub-categories',
        elementType: 'chips',
        dataMapping: (category) => category.subCategories.map((sub) => sub.subCategoryName),
        elementConfig: { max: 4 },
        extraWidth: 240,
      },
      {
        id: 'catalogues',
        title: 'Catalogues',
        dataMapping: (category) => category.catalogues.length,
        align: 'right',
      },
      {
        id: 'published',
        title: 'Published',
        elementType: 'switch',
        dataMapping: 'publishState',
        elementConfig: {
          onToggle: actions.setPublished,
          ariaLabel: (category) => `Published: ${category.categoryName}`,
        },
      },
      {
        id: 'edit',
        title: 'Edit',
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: 'Edit',
          variant: 'text',
          onClick: actions.edit,
          ariaLabel: (category) => `Edit ${category.categoryName}`,
        },
      },
      {
        id: 'delete',
        title: 'Delete',
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: 'Delete',
          variant: 'text',
          onClick: actions.askDelete,
          ariaLabel: (category) => `Delete ${category.categoryName}`,
        },
      },
    ],
  };
}
