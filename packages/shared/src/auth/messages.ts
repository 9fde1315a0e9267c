/** The product's own words for auth forms (spec 1 §5); used verbatim by both sides. */
export const authMessages = {
  usernameRequired: 'Username is required',
  emailRequired: 'Email Address is required',
  emailInvalid: 'Invalid Email Address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must contain atleast 8 characters.',
  passwordDigitsOnly: 'Password must contain letters and numbers.',
  passwordMismatch: 'Password not match.',
  oldPasswordRequired: 'Old password is required',
} as const;

/** Texts the spec gives for server answers and session events (spec 1 §4, §8). */
export const sessionMessages = {
  loggedOut: 'User logged out.',
  invalidToken: 'Invalid token',
  sessionExpired: 'Session expired, please log in to continue',
  genericServerError:
    "An error has occurred and we're working to fix the problem! We'll be up and running shortly.",
  resendFailed: 'Failed to send Email Verification',
  accountCreated: 'Congratulations, your account has been successfully created.',
  verifiedBanner: 'Your account is now verified. Complete your profile here.',
  passwordChanged: 'Password successfuly changed!',
} as const;

/** Server-side texts the spec leaves to us (recorded in docs/decisions.md). */
export const serverMessages = {
  badCredentials: 'Unable to log in with provided credentials.',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email address already exists.',
  usernameInvalid: 'Enter a valid username. This value may contain only letters, numbers, and ./+/-/_ characters.',
  usernameLooksLikeEmail: 'A username cannot be an email address.',
  usernameTooLong: 'Ensure this field has no more than 150 characters.',
  humanCheckFailed: 'Human verification failed. Please try again.',
  resetLinkInvalid: 'The password reset link is invalid or has expired.',
  verifyLinkInvalid: 'The verification link is invalid or has expired.',
  alreadyVerified: 'This email address is already verified.',
  oldPasswordWrong: 'Your old password was entered incorrectly. Please enter it again.',
  forgotSent: 'If an account uses this email address, a password reset link has been sent to it.',
  resendSent: 'Verification email sent.',
  throttled: 'Too many requests. Please try again later.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidAuthToken: 'Invalid token.',
  notFound: 'Not found.',
  permissionDenied: 'You do not have permission to perform this action.',
  schoolNotFound: 'School not found.',
  schoolUnavailable: "This school's site is not available.",
  socialTokenInvalid: 'The sign-in provider did not accept this token.',
  socialNotEnabled: 'This sign-in method is not enabled for this school.',
  socialNoEmail: 'The sign-in provider did not share a verified email address.',
} as const;
