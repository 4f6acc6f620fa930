import { z } from 'zod';
import { route } from '../route';
import {
  CategoryIdParamSchema,
  CategoryOrderBodySchema,
  CategorySchema,
  CreateCategoryBodySchema,
  UpdateCategoryBodySchema,
} from './categories.schemas';

// Spec 2 §7 "Categories" at DESIGN §9's verbs.
export const categoriesContract = {
  list: route({
    method: 'GET',
    path: '/publisher/category/all',
    summary: 'Every category in order, with its sub-categories in order',
    access: { kind: 'session', area: 'publisher' },
    response: z.array(CategorySchema),
  }),
  one: route({
    method: 'GET',
    path: '/publisher/category/{categoryId}',
    summary: 'One category',
    access: { kind: 'session', area: 'publisher' },
    params: CategoryIdParamSchema,
    response: CategorySchema,
  }),
  create: route({
    method: 'POST',
    path: '/publisher/category',
    summary: 'Create a category (last in the order) with its sub-categories',
    access: { kind: 'session', area: 'publisher' },
    body: CreateCategoryBodySchema,
    response: CategorySchema,
  }),
  update: route({
    method: 'PUT',
    path: '/publisher/category',
    summary: 'Rename a category, publish or unpublish it, and set its sub-categories (their order is the list order)',
    access: { kind: 'session', area: 'publisher' },
    body: UpdateCategoryBodySchema,
    response: CategorySchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/publisher/category/{categoryId}',
    summary: 'Delete a category; refused while it has sub-categories',
    access: { kind: 'session', area: 'publisher' },
    params: CategoryIdParamSchema,
    response: z.object({ categoryId: z.string() }),
  }),
  reorder: route({
    method: 'PUT',
    path: '/publisher/category/order/update',
    summary: 'Save the whole order of the categories in one transaction',
    access: { kind: 'session', area: 'publisher' },
    body: CategoryOrderBodySchema,
    response: z.array(CategorySchema),
  }),
};
