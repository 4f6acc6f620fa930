import { useQueryClient } from '@tanstack/react-query';
import { categoriesContract, type Category, type RouteInput } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { categoriesKey } from '../../../lib/queries/get-categories';

export type CreateCategoryInput = RouteInput<typeof categoriesContract.create>['body'];
export type UpdateCategoryInput = RouteInput<typeof categoriesContract.update>['body'];

/** POST /publisher/category: a new category, last in the order; the server's message is shown. */
export function useCreateCategory() {
  return useRouteMutation(categoriesContract.create, {
    toInput: (body: CreateCategoryInput) => ({ body }),
    meta: { serverMessage: true },
    invalidate: [categoriesKey],
  });
}

/**
 * PUT /publisher/category: rename, publish or unpublish, and set the sub-categories, at the version
 * the editor saw (a stale one answers 409 and the list reloads).
 */
export function useUpdateCategory() {
  return useRouteMutation(categoriesContract.update, {
    toInput: (body: UpdateCategoryInput) => ({ body }),
    meta: { serverMessage: true },
    invalidate: [categoriesKey],
  });
}

/** DELETE /publisher/category/{categoryId}: refused (409, spec 2 §5's message) while it has sub-categories. */
export function useDeleteCategory() {
  return useRouteMutation(categoriesContract.remove, {
    toInput: (categoryId: string) => ({ params: { categoryId } }),
    meta: { serverMessage: true },
    invalidate: [categoriesKey],
  });
}

/** Puts the categories of `list` in the order of `ids`. */
function inOrder(list: Category[], ids: readonly string[]): Category[] {
  const byId = new Map(list.map((category) => [category.categoryId, category]));
  return ids.flatMap((id, position) => {
    const category = byId.get(id);
    return category ? [{ ...category, position }] : [];
  });
}

/**
 * PUT /publisher/category/order/update: the whole new order. It shows at once; the server's answer
 * settles it, and a refusal (someone added or deleted a category meanwhile) reloads the list.
 */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useRouteMutation(categoriesContract.reorder, {
    toInput: (categoryIds: string[]) => ({ body: { categoryIds } }),
    meta: { serverMessage: true, noSpinner: true },
    onMutate: async (categoryIds: string[]) => {
      await queryClient.cancelQueries({ queryKey: categoriesKey });
      const before = queryClient.getQueryData<Category[]>(categoriesKey);
      if (before) queryClient.setQueryData(categoriesKey, inOrder(before, categoryIds));
    },
    onSuccess: (result) => queryClient.setQueryData(categoriesKey, result.data),
    onError: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}
