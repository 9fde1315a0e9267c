const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]!);

/** A simple branded e-mail: heading, paragraphs, one call-to-action button and its plain link. */
export function actionEmail(input: {
  schoolName: string;
  color: string;
  heading: string;
  paragraphs: string[];
  actionLabel: string;
  actionUrl: string;
  footer: string;
  /** A notification e-mail's link that turns its kind off (shown under the footer). */
  unsubscribe?: { label: string; url: string };
}): { html: string; text: string } {
  const color = /^#[0-9a-fA-F]{3,8}$/.test(input.color) ? input.color : '#1d4ed8';
  const url = escapeHtml(input.actionUrl);
  const html = `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:${color}">${escapeHtml(input.schoolName)}</td></tr>
<tr><td style="padding-top:16px;font-size:18px;font-weight:bold">${escapeHtml(input.heading)}</td></tr>
${input.paragraphs.map((p) => `<tr><td style="padding-top:12px;font-size:15px;line-height:1.5">${escapeHtml(p)}</td></tr>`).join('\n')}
<tr><td style="padding:24px 0"><a href="${url}" style="background:${color};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(input.actionLabel)}</a></td></tr>
<tr><td style="font-size:13px;color:#52525b">If the button does not work, open this link: <a href="${url}">${url}</a></td></tr>
<tr><td style="padding-top:24px;font-size:12px;color:#71717a">${escapeHtml(input.footer)}</td></tr>
${input.unsubscribe ? `<tr><td style="padding-top:8px;font-size:12px;color:#71717a"><a href="${escapeHtml(input.unsubscribe.url)}" style="color:#71717a">${escapeHtml(input.unsubscribe.label)}</a></td></tr>\n` : ''}</table></td></tr></table></body></html>`;
  const unsubscribe = input.unsubscribe ? ['', `${input.unsubscribe.label}: ${input.unsubscribe.url}`] : [];
  const text = [input.schoolName, '', input.heading, '', ...input.paragraphs, '', `${input.actionLabel}: ${input.actionUrl}`, '', input.footer, ...unsubscribe].join('\n');
  return { html, text };
}
