import type { TokenResponse } from '@school/shared/auth/schemas';

export function presentToken(input: { token: string; userId: number; studentId: number | null; role: TokenResponse['role']; expiresAt: Date }): TokenResponse {
  return {
    token: input.token,
    student_id: input.studentId,
    id: input.userId,
    role: input.role,
    expires_at: input.expiresAt.toISOString(),
  };
}
