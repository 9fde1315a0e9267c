import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { profileServerMessages as s } from '@school/shared/account/messages';
import { mcleProfileBodySchema, savedMcleProfileSchema, studentProfileSchema, userProfileSchema } from '@school/shared/account/profile-schemas';
import { profileSchema } from '@school/shared/auth/profile';
import { idParamsSchema } from '@school/shared/school/schemas';
import { invalid } from '../../lib/errors';
import { signedInActor } from '../auth/actor';
import { PHOTO_MAX_BYTES } from './photo';
import { accountService, PhotoTooLarge } from './service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = accountService(app);
  const tags = ['account'];
  const security = [{ token: [] }];
  const responses = { 200: profileSchema, ...errorResponses };

  app.get('/students/:id/', { schema: { tags, security, summary: "A student's own profile", params: idParamsSchema, response: responses } }, async (request) =>
    accounts.getStudent(signedInActor(request), request.params.id),
  );

  app.put(
    '/students/:id/',
    { schema: { tags, security, summary: "Update a student's basic profile (completes step '1')", params: idParamsSchema, body: studentProfileSchema, response: responses } },
    async (request) => accounts.updateStudent(signedInActor(request), request.params.id, request.body),
  );

  app.get('/users/:id/', { schema: { tags, security, summary: "A user's own profile (any role)", params: idParamsSchema, response: responses } }, async (request) =>
    accounts.getUser(signedInActor(request), request.params.id),
  );

  app.put(
    '/users/:id/',
    { schema: { tags, security, summary: 'Update names and mobile (staff and other roles)', params: idParamsSchema, body: userProfileSchema, response: responses } },
    async (request) => accounts.updateUser(signedInActor(request), request.params.id, request.body),
  );

  app.patch(
    '/users/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a profile photo (multipart field "photo"; PNG or JPEG, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: responses,
      },
    },
    async (request) => {
      const user = signedInActor(request);
      if (!request.isMultipart()) throw invalid({ photo: s.photoMissing });
      // A body cut short or without its boundary is the client's mistake, not ours.
      const malformed = (error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new PhotoTooLarge();
        throw invalid({ photo: s.photoMissing });
      };
      const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5 } }).catch(malformed);
      if (!file || file.fieldname !== 'photo') throw invalid({ photo: s.photoMissing });
      const data = await file.toBuffer().catch(malformed);
      return accounts.updatePhoto(user, request.params.id, data);
    },
  );

  app.get(
    '/students/:id/mcle_profile/',
    { schema: { tags, security, summary: "A student's own MCLE profile (null until submitted)", params: idParamsSchema, response: { 200: savedMcleProfileSchema.nullable(), ...errorResponses } } },
    async (request) => accounts.getMcle(signedInActor(request), request.params.id),
  );

  app.put(
    '/students/:id/mcle_profile/',
    {
      schema: {
        tags,
        security,
        summary: 'Submit the MCLE profile (with the Data Privacy consent); marks info_submitted',
        params: idParamsSchema,
        body: mcleProfileBodySchema,
        response: { 200: savedMcleProfileSchema, ...errorResponses },
      },
    },
    async (request) => accounts.saveMcle(signedInActor(request), request.params.id, request.body),
  );
};
