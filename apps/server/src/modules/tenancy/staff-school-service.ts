import type { FastifyInstance } from 'fastify';
import { toCentavos } from '@school/shared/payments/rules';
import { announcementProblems, type SchoolSettingsPatch } from '@school/shared/staff/school-settings';
import { invalid, notFound } from '../../lib/errors';
import { recordAudit, staleWrite } from '../audit/service';
import { sanitizeLessonHtml } from '../catalogue/lesson-html';
import type { StaffContext } from '../staff/context';
import { uploadService } from '../uploads/service';
import { schoolSettingsPolicy } from './policy';
import { presentStaffSchool, settingsOfSchool } from './presenter';
import type { SchoolRow } from './repository';
import { staffSchoolRepository, staffSchoolWrites, type SchoolColumns } from './staff-school-repository';

/** The settings' names in the API and their columns. */
const columnOf = {
  name: 'name',
  primary_color: 'primaryColor',
  description: 'description',
  address: 'address',
  phone_number: 'phoneNumber',
  country_code: 'countryCode',
  mobile_number: 'mobileNumber',
  email: 'email',
  time_zone: 'timeZone',
  payment_instructions: 'paymentInstructions',
  data_privacy: 'dataPrivacy',
  terms_of_use: 'termsOfUse',
  consent_form: 'consentForm',
  announcement_title: 'announcementTitle',
} as const satisfies Record<string, keyof SchoolColumns>;

/**
 * The site's own school as its administrators set it in the console: a save names the version it was based on,
 * is audited in the same transaction, and reaches every process's school cache through the table's NOTIFY
 * trigger (migration 0008).
 */
export function staffSchoolService(app: FastifyInstance) {
  const repo = staffSchoolRepository(app.db);
  const uploads = uploadService(app);
  const subject = (id: number) => ({ type: 'school', id });

  async function load(ctx: StaffContext) {
    const found = await repo.find(ctx.school.id);
    if (!found) throw notFound();
    return found;
  }

  /** The logo, cover and how-to video a patch names as uploads, copied to public files first; null takes one away. */
  async function fileColumns(ctx: StaffContext, patch: SchoolSettingsPatch): Promise<SchoolColumns> {
    const columns: SchoolColumns = {};
    if (patch.logo_upload !== undefined) columns.logo = patch.logo_upload && (await uploads.publicCopy(ctx, patch.logo_upload, 'image', 'logo_upload', 'The logo'));
    if (patch.cover_upload !== undefined) columns.cover = patch.cover_upload && (await uploads.publicCopy(ctx, patch.cover_upload, 'image', 'cover_upload', 'The cover'));
    if (patch.how_to_video_upload !== undefined) {
      columns.howToVideo = patch.how_to_video_upload && (await uploads.publicCopy(ctx, patch.how_to_video_upload, 'video', 'how_to_video_upload', 'The how-to video'));
    }
    return columns;
  }

  function settingColumns(patch: SchoolSettingsPatch): SchoolColumns {
    const columns: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(columnOf)) {
      const value = patch[field as keyof typeof columnOf];
      if (value !== undefined) columns[column] = value;
    }
    if (patch.payment_instructions !== undefined) columns.paymentInstructions = sanitizeLessonHtml(patch.payment_instructions);
    if (patch.announcement_body !== undefined) columns.announcementBody = sanitizeLessonHtml(patch.announcement_body);
    if (patch.signup_reward_coins !== undefined) columns.signupRewardCoins = toCentavos(patch.signup_reward_coins);
    if (patch.reward_group !== undefined) columns.rewardGroup = patch.reward_group.trim() || null;
    if (patch.faq_sections !== undefined) columns.faqSections = patch.faq_sections.map(({ question, answer }) => ({ question: question.trim(), answer: sanitizeLessonHtml(answer) }));
    return columns as SchoolColumns;
  }

  /** The announcement as the save leaves it must be whole when it pops up; the switch is the school's (products). */
  function announcementColumns(row: SchoolRow, patch: SchoolSettingsPatch): SchoolColumns {
    const after = {
      show_announcement: patch.show_announcement ?? row.products.show_announcement,
      announcement_title: patch.announcement_title ?? row.announcementTitle ?? '',
      announcement_body: patch.announcement_body ?? row.announcementBody ?? '',
    };
    const problems = announcementProblems(after);
    if (Object.keys(problems).length) throw invalid(problems);
    return patch.show_announcement === undefined ? {} : { products: { ...row.products, show_announcement: patch.show_announcement } };
  }

  return {
    async get(ctx: StaffContext) {
      schoolSettingsPolicy.authorize(ctx.actor, 'update', ctx.school);
      const found = await load(ctx);
      return presentStaffSchool(app.storage, found.row, found.socials);
    },

    async update(ctx: StaffContext, version: number, patch: SchoolSettingsPatch) {
      schoolSettingsPolicy.authorize(ctx.actor, 'update', ctx.school);
      const found = await load(ctx);
      const announcement = announcementColumns(found.row, patch);
      const files = await fileColumns(ctx, patch);
      const saved = await app.db.transaction(async (tx) => {
        const writes = staffSchoolWrites(tx);
        const row = await writes.update(ctx.school.id, version, { ...settingColumns(patch), ...announcement, ...files });
        if (!row) return false;
        const links = patch.socials && Object.entries(patch.socials).flatMap(([label, url]) => (url ? [{ label, url }] : []));
        if (links) await writes.replaceSocials(ctx.school.id, links);
        const fileKeys = (r: typeof row) => ({ logo: r.logo, cover: r.cover, how_to_video: r.howToVideo });
        await recordAudit(tx, ctx.audit, {
          action: 'school.update',
          subject: subject(ctx.school.id),
          before: { ...settingsOfSchool(found.row, found.socials), ...fileKeys(found.row) },
          after: { ...settingsOfSchool(row, links ?? found.socials), ...fileKeys(row) },
        });
        return true;
      });
      const now = await load(ctx);
      const current = presentStaffSchool(app.storage, now.row, now.socials);
      if (!saved) throw await staleWrite(app.db, ctx.school.id, subject(ctx.school.id), current, current.version);
      return current;
    },
  };
}
