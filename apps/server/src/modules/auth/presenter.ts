import type { Profile } from '@school/shared/auth/profile';
import type { TokenResponse } from '@school/shared/auth/schemas';
import type { AuthRepository } from './repository';

type ProfileRow = NonNullable<Awaited<ReturnType<AuthRepository['findProfileById']>>>;

/** A middle name of a single space means "none" (spec 1 §5). */
export function fullName(user: { firstName: string; middleName: string; lastName: string; suffix: string | null }) {
  return [user.firstName, user.middleName.trim(), user.lastName, user.suffix ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

export function presentProfile({ user, student, school }: ProfileRow): Profile {
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
    photo: user.photo,
    is_verified: user.isVerified,
    step: student?.step ?? null,
    info_submitted: student?.infoSubmitted ?? false,
    school: school?.id ? { id: school.id, name: school.name, domain: school.domain } : null,
  };
}

export function presentToken(input: { token: string; userId: number; studentId: number | null; role: TokenResponse['role']; expiresAt: Date }): TokenResponse {
  return {
    token: input.token,
    student_id: input.studentId,
    id: input.userId,
    role: input.role,
    expires_at: input.expiresAt.toISOString(),
  };
}
