import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { categoryNameSchema, staffCategorySchema } from '@school/shared/staff/categories';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffCategoryService } from './staff-category-service';
import { detailSchema, staffRoute, versionedResponses } from '../staff/route-schema';

const list = z.array(staffCategorySchema);
/** Every write answers the whole list; a refused one (412) too, as its `current`. */
const versioned = { ...versionedResponses(list), 409: detailSchema };

/** The catalogue's categories and subcategories in the console; renames and deletes name the version in If-Match. */
export const categoryStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const categories = staffCategoryService(app);

  app.get('/categories/', { schema: { ...staffRoute, summary: "The school's categories with their subcategories and how much each files", response: { 200: list, ...errorResponses } } }, async (request) =>
    categories.list(staffContextOf(request)),
  );

  app.post('/categories/', { schema: { ...staffRoute, summary: 'Adds a category', body: categoryNameSchema, response: { 201: list, ...errorResponses } } }, async (request, reply) =>
    reply.code(201).send(await categories.addCategory(staffContextOf(request), request.body.name)),
  );

  app.post(
    '/categories/:id/subcategories/',
    { schema: { ...staffRoute, summary: 'Adds a subcategory to a category', params: idParamsSchema, body: categoryNameSchema, response: { 201: list, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await categories.addSubcategory(staffContextOf(request), request.params.id, request.body.name)),
  );

  app.patch(
    '/categories/:id/',
    { schema: { ...staffRoute, summary: "Renames a category (If-Match: the category's version)", params: idParamsSchema, body: categoryNameSchema, response: { 200: list, ...versioned } } },
    async (request) => categories.renameCategory(staffContextOf(request), request.params.id, expectedVersion(request), request.body.name),
  );

  app.delete(
    '/categories/:id/',
    { schema: { ...staffRoute, summary: 'Deletes a category and its subcategories when nothing is filed under them (409 otherwise)', params: idParamsSchema, response: { 200: list, ...versioned } } },
    async (request) => categories.removeCategory(staffContextOf(request), request.params.id, expectedVersion(request)),
  );

  app.patch(
    '/subcategories/:id/',
    { schema: { ...staffRoute, summary: "Renames a subcategory (If-Match: the subcategory's version)", params: idParamsSchema, body: categoryNameSchema, response: { 200: list, ...versioned } } },
    async (request) => categories.renameSubcategory(staffContextOf(request), request.params.id, expectedVersion(request), request.body.name),
  );

  app.delete(
    '/subcategories/:id/',
    { schema: { ...staffRoute, summary: 'Deletes a subcategory nothing is filed under (409 otherwise)', params: idParamsSchema, response: { 200: list, ...versioned } } },
    async (request) => categories.removeSubcategory(staffContextOf(request), request.params.id, expectedVersion(request)),
  );
};
