/** What a notification is about; the bell and the full page show them alike, the kind picks the icon. */
export const NOTIFICATION_KINDS = ['general', 'forum', 'enrolment', 'payment', 'certificate', 'kyc', 'exam', 'live_class', 'announcement'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The notifications that also come by e-mail, each with its own unsubscribe setting. */
export const MAIL_KINDS = ['payment', 'certificate', 'kyc', 'announcement'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  payment: 'Payments received or failed',
  certificate: 'Certificates issued',
  kyc: 'ID verification decisions',
  announcement: 'Announcements from the school and its instructors',
};

/**
 * The kind an e-mail's unsubscribe token names (`{userId}.{kind}.{signature}`), for the page to say what it
 * turns off before it is pressed; null when it names none. Only the server checks the signature.
 */
export function unsubscribeKind(token: string): MailKind | null {
  const kind = token.split('.')[1] ?? '';
  return (MAIL_KINDS as readonly string[]).includes(kind) ? (kind as MailKind) : null;
}

/** What the account area and the unsubscribe page say. */
export const notificationMessages = {
  preferencesSaved: 'Email preferences saved.',
  badUnsubscribeLink: 'This unsubscribe link is not valid.',
  unsubscribeAsk: (kind: MailKind) => `Stop receiving emails about: ${MAIL_KIND_LABELS[kind]}?`,
  unsubscribed: (kind: MailKind) => `You will no longer receive emails about: ${MAIL_KIND_LABELS[kind]}.`,
};
