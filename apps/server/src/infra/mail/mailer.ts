import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';

export interface MailMessage {
  schoolId: number | null;
  fromName: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Display name of the school in front of the configured sender address. */
function fromHeader(defaultFrom: string, name: string) {
  const address = /<([^>]+)>/.exec(defaultFrom)?.[1] ?? defaultFrom;
  return `"${name.replace(/["\\]/g, '')}" <${address}>`;
}

/** Without SMTP, mail is kept in the database and listed at /dev/mailbox. */
export function outboxMailer(db: Db, defaultFrom: string): Mailer {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({
        schoolId: message.schoolId,
        toAddress: message.to,
        fromAddress: fromHeader(defaultFrom, message.fromName),
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers ?? {},
      });
    },
  };
}

export function smtpMailer(smtpUrl: string, defaultFrom: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: fromHeader(defaultFrom, message.fromName),
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
      });
    },
  };
}
