import { z } from 'zod';
import { authMessages } from '../auth/messages';

export const PLATFORM_SCHOOLS_PAGE_SIZE = 50;
/** Host names a school may answer on besides its platform address. */
export const MAX_SCHOOL_HOSTS = 10;

/**
 * First labels the platform keeps for itself: a school named so would take the address of something that is
 * not a school (www.example.com, api.example.com, the console of the platform).
 */
export const RESERVED_SCHOOL_DOMAINS = ['admin', 'api', 'app', 'assets', 'cdn', 'dev', 'docs', 'help', 'localhost', 'mail', 'platform', 'smtp', 'staff', 'static', 'status', 'support', 'www'] as const;

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const platformMessages = {
  name: "Enter the school's name.",
  nameLong: "Keep the school's name to 120 characters.",
  domain: 'Use 2 to 63 lowercase letters, digits and hyphens, starting and ending with a letter or digit.',
  domainReserved: 'This name is kept for the platform: choose another.',
  domainTaken: 'Another school already has this name.',
  host: 'Enter a host name such as learn.example.com, without https:// or a path.',
  hostPlatform: "This is one of the platform's own host names: choose another.",
  hostTaken: 'Another school already answers on this host name.',
  hostOwn: 'This school already answers on this host name.',
  tooManyHosts: `A school answers on at most ${MAX_SCHOOL_HOSTS} host names.`,
  created: (name: string, email: string) => `${name} is ready. An invitation to be its administrator is on its way to ${email}.`,
  deactivated: (name: string) => `${name} is deactivated: its site says it is not available. Nothing of it is deleted.`,
  activated: (name: string) => `${name} is open again.`,
  saved: 'The school is saved.',
} as const;

/** A school's domain: its first label on the platform's address (acme in acme.example.com). */
export function schoolDomainProblem(domain: string): string | null {
  if (domain.length < 2 || !label.test(domain)) return platformMessages.domain;
  if ((RESERVED_SCHOOL_DOMAINS as readonly string[]).includes(domain)) return platformMessages.domainReserved;
  return null;
}

/** A host name of the school's own (learn.example.com): labels of letters, digits and hyphens, a top-level name of letters, no IP address. */
export function isHostName(host: string): boolean {
  if (host.length > 253) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => label.test(l)) && /^[a-z]{2,63}$/.test(labels[labels.length - 1]!);
}

/** What a school is given by the platform; of these, the school's administrators switch only the announcement. */
export const productFlagsSchema = z.object({
  mcle: z.boolean(),
  kyc: z.boolean(),
  apt_coins: z.boolean(),
  google_sso: z.boolean(),
  facebook_sso: z.boolean(),
  show_announcement: z.boolean(),
});
export type ProductFlags = z.infer<typeof productFlagsSchema>;
export const PRODUCT_FLAGS = Object.keys(productFlagsSchema.shape) as (keyof ProductFlags)[];
export const productLabels: Record<keyof ProductFlags, string> = {
  mcle: 'MCLE compliance',
  kyc: 'ID verification',
  apt_coins: 'Coins',
  google_sso: 'Sign in with Google',
  facebook_sso: 'Sign in with Facebook',
  show_announcement: 'Announcement',
};

const nameSchema = z
  .string({ error: platformMessages.name })
  .trim()
  .min(1, { error: platformMessages.name })
  .max(120, { error: platformMessages.nameLong });

const domainSchema = z
  .string({ error: platformMessages.domain })
  .trim()
  .toLowerCase()
  .superRefine((domain, ctx) => {
    const problem = schoolDomainProblem(domain);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const hostSchema = z
  .string({ error: platformMessages.host })
  .trim()
  .toLowerCase()
  .transform((h) => h.replace(/\.$/, ''))
  .refine(isHostName, { error: platformMessages.host });

export const platformSchoolQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  state: z.enum(['all', 'active', 'inactive']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type PlatformSchoolQuery = z.infer<typeof platformSchoolQuerySchema>;

/** A school as the platform's console lists it, with how much it holds. */
export const platformSchoolSchema = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string(),
  is_active: z.boolean(),
  products: productFlagsSchema,
  primary_host: z.string().nullable(),
  address: z.string().describe("the school's site"),
  students: z.number(),
  courses: z.number(),
  staff: z.number(),
  enrolments: z.number(),
  created_at: z.string(),
  version: z.number(),
});
export type PlatformSchool = z.infer<typeof platformSchoolSchema>;

export const newSchoolSchema = z.object({
  name: nameSchema,
  domain: domainSchema,
  products: productFlagsSchema.partial().default({}),
  /** The school's first administrator, invited by e-mail (the team's invitation). */
  admin_email: z
    .string({ error: authMessages.emailRequired })
    .trim()
    .min(1, { error: authMessages.emailRequired })
    .max(254, { error: authMessages.emailInvalid })
    .pipe(z.email({ error: authMessages.emailInvalid })),
});
export type NewSchool = z.infer<typeof newSchoolSchema>;

export const platformSchoolPatchSchema = z.object({ name: nameSchema, is_active: z.boolean(), products: productFlagsSchema.partial() }).partial();
export type PlatformSchoolPatch = z.infer<typeof platformSchoolPatchSchema>;

export const schoolHostSchema = z.object({
  id: z.number(),
  host: z.string(),
  /** E-mails link to the primary host name; without one, to the school's platform address. */
  is_primary: z.boolean(),
  created_at: z.string(),
});
export type SchoolHost = z.infer<typeof schoolHostSchema>;

export const newSchoolHostSchema = z.object({ host: hostSchema, is_primary: z.boolean().default(false) });
export type NewSchoolHost = z.infer<typeof newSchoolHostSchema>;
export const schoolHostPatchSchema = z.object({ is_primary: z.boolean() });

export const schoolHostParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647), hostId: z.coerce.number().int().positive().max(2147483647) });
