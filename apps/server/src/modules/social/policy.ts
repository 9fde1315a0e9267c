import { serverMessages } from '@school/shared/auth/messages';
import type { Products } from '@school/shared/school/schemas';
import { badRequest } from '../../lib/errors';
import { definePolicy } from '../../lib/policy';

const flags = { google: 'google_sso', facebook: 'facebook_sso' } as const;

/** A sign-in provider is usable where the platform has it configured and the school has it on. */
export const providerPolicy = definePolicy({
  schoolOf: (p: { schoolId: number; provider: keyof typeof flags; configured: boolean; products: Products }) => p.schoolId,
  verbs: { sign_in: (_actor, p) => p.configured && p.products[flags[p.provider]] },
  refusal: { sign_in: () => badRequest(serverMessages.socialNotEnabled) },
});
