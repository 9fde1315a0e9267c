import type { SavedMcleProfile } from '@school/shared/account/profile-schemas';
import type { Profile } from '@school/shared/auth/profile';
import { wholeCoins } from '@school/shared/payments/rules';
import { publicUrlOf, type Storage } from '../../infra/storage/storage';
import type { AccountRepository, McleRow } from './repository';

type ProfileRow = NonNullable<Awaited<ReturnType<AccountRepository['findByUserId']>>>;

/** A middle name of a single space means "none" (spec 1 §5). */
export function fullName(user: { firstName: string; middleName: string; lastName: string; suffix: string | null }) {
  return [user.firstName, user.middleName, user.lastName, user.suffix ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** What a person is called where a name must show: their full name, or their username before they gave one. */
export const displayName = (user: { firstName: string; middleName: string; lastName: string; suffix: string | null; username: string }) => fullName(user) || user.username;

/** Identity photos are private: their addresses last minutes, for the profile's own user alone (who alone sees it). */
const IDENTITY_LINK_SECONDS = 300;

export async function presentProfile(files: Pick<Storage, 'publicUrl' | 'signedUrl'>, row: ProfileRow): Promise<Profile> {
  const { user, student, school, courseCount, certificateCount, averageRating, signupReward, identityIds, latestSelfie } = row;
  const signed = (key: string | null) => (key ? files.signedUrl(key, { expiresIn: IDENTITY_LINK_SECONDS, viewer: user.id }) : Promise.resolve(null));
  return {
    id: user.id,
    student_id: student?.id ?? null,
    role: user.role,
    username: user.username,
    email: user.email,
    full_name: fullName(user),
    first_name: user.firstName,
    middle_name: user.middleName,
    last_name: user.lastName,
    suffix: (user.suffix as Profile['suffix']) ?? null,
    mobile_number: user.mobileNumber,
    country_code: user.countryCode,
    birthday: student?.birthday ?? null,
    gender: student?.gender ?? null,
    type: student?.occupationType ?? null,
    school: student?.organization ?? null,
    course: student?.position ?? null,
    photo: publicUrlOf(files, user.photo),
    is_verified: user.isVerified,
    step: student?.step ?? null,
    info_submitted: student?.infoSubmitted ?? false,
    average_rating: averageRating === null ? null : Number(averageRating),
    course_count: courseCount,
    certificate_count: certificateCount,
    registered_school: school?.id ? { id: school.id, name: school.name, domain: school.domain } : null,
    has_reward: signupReward ? { fb_group: school?.rewardGroup ?? null, amount: wholeCoins(Number(signupReward)) } : null,
    selfie: await signed(latestSelfie),
    user_ids: await Promise.all(identityIds.map(async (id) => ({ template: id.template, photo_id: await signed(id.photo_key), submitted: id.submitted, verified: id.verified, new_id: false }))),
  };
}

export function presentMcle(row: McleRow): SavedMcleProfile {
  return {
    roll_number: row.rollNumber,
    ibp_chapter: row.ibpChapterId,
    ibp_lifetime_no: row.ibpLifetimeNo ?? '',
    ibp_or_number: row.ibpOrNumber ?? '',
    ibp_or_date: row.ibpOrDate ?? '',
    year_admitted: row.yearAdmitted ? String(row.yearAdmitted) : '',
    law_school: row.lawSchoolId ?? ('others' as const),
    law_school_others: row.lawSchoolOthers ?? '',
    company: row.company,
    position: row.position,
    address: row.address,
    region: row.regionCode,
    province: row.provinceCode,
    city: row.cityCode,
    zip_code: row.zipCode,
    home_address: row.homeAddress ?? '',
    work_address: row.workAddress ?? '',
    home_same_as_mailing: row.homeSameAsMailing,
    work_same_as_mailing: row.workSameAsMailing,
    telephone_number: row.telephoneNumber ?? '',
    fax_number: row.faxNumber ?? '',
    birth_place: row.birthPlace ?? '',
    civil_status: row.civilStatus ?? '',
  };
}
