import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoriesContract, type Category, type RouteInput } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { categoriesKey } from '../../../lib/queries/get-categories';

export type CreateCategoryInput = RouteInput<typeof categoriesContract.create>['body'];
export type UpdateCategoryInput = RouteInput<typeof categoriesContract.update>['body'];

/** POST /publisher/category: a new category, last in the order; the server's message is shown. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCategoryInput) => {
      const result = await apiCallWithHeaders(categoriesContract.create, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}

/**
 * PUT /publisher/category: rename, publish or unpublish, and set the sub-categories, at the version
 * the editor saw (a stale one answers 409 and the list reloads).
 */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateCategoryInput) => {
      const result = await apiCallWithHeaders(categoriesContract.update, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}

/** DELETE /publisher/category/{categoryId}: refused (409, spec 2 §5's message) while it has sub-categories. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (categoryId: string) => {
      const result = await apiCallWithHeaders(categoriesContract.remove, { params: { categoryId } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
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
  return useMutation({
    mutationFn: async (categoryIds: string[]) => {
      const result = await apiCallWithHeaders(categoriesContract.reorder, { body: { categoryIds } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, noSpinner: true },
    onMutate: async (categoryIds) => {
      await queryClient.cancelQueries({ queryKey: categoriesKey });
      const before = queryClient.getQueryData<Category[]>(categoriesKey);
      if (before) queryClient.setQueryData(categoriesKey, inOrder(before, categoryIds));
    },
    onSuccess: (result) => queryClient.setQueryData(categoriesKey, result.data),
    onError: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}
