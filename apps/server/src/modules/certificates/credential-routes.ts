import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { codeParamsSchema } from '@school/shared/certificates/schemas';
import { didDocument, didWebOf } from './credential';
import { issuerKey } from './issuer-key';
import { certificateService } from './service';

const tags = ['certificates'];
const jwkSchema = z.object({ kty: z.string(), crv: z.string(), x: z.string(), kid: z.string(), alg: z.string(), use: z.string() });

/**
 * What a verifier without our code needs, on every site (no school: the key is the platform's): a certificate's
 * Open Badges 3.0 credential at /certificates/{code}.json, beside its page, and the key that signs it, as a
 * did:web document and as a JWKS.
 */
export const credentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const certificates = certificateService(app);
  const key = () => issuerKey(app.config.SECRET_KEY);

  app.get(
    '/certificates/:code.json',
    {
      config: { school: false },
      schema: {
        tags,
        summary: "A certificate as an Open Badges 3.0 credential, signed by the platform's key (VC-JOSE: vc+jwt, EdDSA) in the Data Model 2.0 envelope; 410 once revoked",
        params: codeParamsSchema,
        response: { 200: z.object({ '@context': z.string(), id: z.string().describe('data:application/vc+jwt,<the signed credential>'), type: z.literal('EnvelopedVerifiableCredential') }), 410: z.object({ detail: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*').send(await certificates.credential(request.params.code)),
  );

  app.get(
    '/.well-known/did.json',
    { config: { school: false }, schema: { tags, summary: "This site's did:web document: the platform's key that signs certificates' credentials", response: { 200: z.record(z.string(), z.unknown()) } } },
    async (request, reply) => reply.header('access-control-allow-origin', '*').send(didDocument(didWebOf(`${request.protocol}://${request.host}/`), await key())),
  );

  app.get(
    '/.well-known/jwks.json',
    { config: { school: false }, schema: { tags, summary: "The platform's public key that signs certificates' credentials, as a JWKS", response: { 200: z.object({ keys: z.array(jwkSchema) }) } } },
    async (_request, reply) => reply.header('access-control-allow-origin', '*').send({ keys: [(await key()).publicJwk as z.infer<typeof jwkSchema>] }),
  );
};
