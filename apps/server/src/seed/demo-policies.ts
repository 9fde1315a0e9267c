/**
 * The demo schools' privacy policies and terms of use (plain text, paragraphs between blank lines): readable at
 * /privacy and /terms before anyone signs up (Data Privacy Act of 2012). Written for the demo, not legal advice.
 */
export const demoPolicies = {
  demo: {
    dataPrivacy: `Juris Academy processes your personal data to deliver MCLE courses and report your compliance, under the Data Privacy Act of 2012 (Republic Act No. 10173) and its implementing rules.

What we collect: your name, e-mail address, mobile number, birthday and gender; your MCLE details (roll number, IBP chapter, law school, office); your enrolments, study records, exam answers and certificates; your payments (card numbers stay with the payment provider); and, for identity verification, photos of your IDs, your selfie and the snapshots taken while you study.

Why: to run your account and your courses, to check that you are the one who studies, as the MCLE rules require, to issue your certificates and report your units, to take your payments and to answer you. We do not sell your data or use it for advertising.

Who sees it: our staff who need it for these purposes, the MCLE Office for your compliance, and our service providers (hosting, e-mail, payments), bound by agreement to the same care.

How long: your account and MCLE records for as long as you keep the account and the law requires; ID photos, selfies and snapshots for one year after the decision on them.

Your rights: you may ask to be informed, to see, correct or delete your data, and to object to its processing, and you may complain to the National Privacy Commission. Write to our Data Protection Officer at hello@jurisacademy.ph.`,
    termsOfUse: `These terms govern your use of the Juris Academy site. By signing up you agree to them and to our Privacy Policy.

Your account: keep your password to yourself; what is done with your account is your responsibility. MCLE credit is personal: studying for another lawyer, or letting another study for you, is forbidden and ends the account.

Courses and credit: units are credited only for lessons you completed and, where the course asks for it, after your identity was verified. Attendance at live classes is recorded. A certificate is withheld when the records do not support it.

Payments: prices are in Philippine pesos and include 12% VAT. A payment over the counter is confirmed once the payment provider tells us it was paid. L2E Coins are rewards with no cash value: each takes P1 off a price at this school.

Materials and forum: course materials are for your own study; do not copy or share them. Be courteous in the forum and post nothing unlawful, defamatory or confidential; staff may hide posts that break these rules.

Changes: we tell you of material changes by e-mail and in your notifications before they apply. Questions: hello@jurisacademy.ph.`,
  },
  acme: {
    dataPrivacy: `Acme Training Institute keeps your data only to run your courses, under the Data Privacy Act of 2012.

We keep your name, contact details, enrolments, exam answers and payments, share them only with the providers that host the site, send our e-mails and take payments, and never sell them.

You may ask to see, correct or delete your data at learn@acme-training.ph, and you may complain to the National Privacy Commission.`,
    termsOfUse: `By signing up you agree to these terms and to our Privacy Policy.

Keep your password to yourself; one account per person. Course materials are for your own study. Prices include 12% VAT.

Questions: learn@acme-training.ph.`,
  },
};
