/** The check run before sign up, forgot, reset and resend; the token travels as `g-recaptcha-response`. */
export interface HumanCheck {
  provider: 'pow' | 'recaptcha';
  siteKey: string | null;
  /** A fresh challenge for the browser to solve, or null when the provider hands out its own. */
  challenge(): Promise<unknown>;
  /** True once for a valid token; a missing, invalid, expired or replayed token answers false. */
  verify(token: string | undefined, remoteIp: string): Promise<boolean>;
}
