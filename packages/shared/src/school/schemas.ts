import { z } from 'zod';

const productsSchema = z.object({
  facebook_sso: z.boolean(),
  google_sso: z.boolean(),
  mcle: z.boolean(),
  kyc: z.boolean(),
  apt_coins: z.boolean(),
  show_announcement: z.boolean(),
  primary_id: z.number().nullable(),
});
export type Products = z.infer<typeof productsSchema>;

export const schoolSchema = z.object({
  id: z.number(),
  domain: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  primary_color: z.string(),
  cover: z.string().nullable(),
  description: z.string(),
  address: z.string(),
  phone_number: z.string(),
  country_code: z.string(),
  mobile_number: z.string(),
  email: z.string(),
  how_to_video: z.string().nullable(),
  data_privacy: z.string().describe('the privacy policy, plain text with paragraphs between blank lines'),
  terms_of_use: z.string().describe('the terms of use agreed to at sign-up, plain text with paragraphs between blank lines'),
  consent_form: z.string(),
  payment_instructions: z.string(),
  faq_url: z.string().nullable().describe('a FAQ page shown in a frame, when the school has not written one (faq_page)'),
  faq_page: z.boolean().describe('the school wrote its FAQ in the console: GET /schools/{id}/faq/'),
  announcement: z.object({ title: z.string(), body: z.string().describe('rich text (HTML), sanitized when saved') }).nullable(),
  time_zone: z.string(),
  config: z.object({ products: productsSchema }),
});
export type School = z.infer<typeof schoolSchema>;

export const socialLabels = ['facebook', 'twitter', 'linked_in', 'github', 'pinterest', 'instagram'] as const;
export const socialsSchema = z.object({
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  linked_in: z.string().nullable(),
  github: z.string().nullable(),
  pinterest: z.string().nullable(),
  instagram: z.string().nullable(),
});
export type Socials = z.infer<typeof socialsSchema>;

export const schoolDomainParamsSchema = z.object({
  domain: z.string().min(1).max(253).regex(/^[A-Za-z0-9.-]+$/, { error: 'Enter a valid host name.' }),
});
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

/** Public client configuration: which human check and social providers the browser should use. */
export const clientConfigSchema = z.object({
  human_check: z.object({ provider: z.enum(['pow', 'recaptcha']), site_key: z.string().nullable() }),
  social: z.object({
    google: z.object({ client_id: z.string(), authorize_url: z.string() }).nullable(),
    facebook: z.object({ app_id: z.string(), authorize_url: z.string() }).nullable(),
  }),
  live_class: z.object({ domain: z.string().describe("the Jitsi Meet server whose external_api.js the player loads") }),
  notification_poll_seconds: z.number().describe("how often an open page asks for the bell's unread count"),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** A question of a school's FAQ page and its answer (rich text, sanitized when saved). */
export const faqSectionSchema = z.object({ question: z.string(), answer: z.string() });
export const schoolFaqSchema = z.object({ sections: z.array(faqSectionSchema) });
export type SchoolFaq = z.infer<typeof schoolFaqSchema>;
