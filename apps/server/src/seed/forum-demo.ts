import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { forumAnswers, forumComments, forumQuestions, forumVotes, students, users } from '../db/schema/index';
import { renderMarkdown } from '../modules/forum/render';
import { withPeriod, type PeriodWords } from './demo-period';

/** Lawyers who take part in the demo school's forum besides the demo accounts (they log in with the demo password). */
const forumMembers = [
  { username: 'carlo.mendoza', firstName: 'Carlo', lastName: 'Mendoza' },
  { username: 'patricia.villanueva', firstName: 'Patricia', lastName: 'Villanueva' },
  { username: 'ramon.aquino', firstName: 'Ramon', lastName: 'Aquino' },
  { username: 'liza.soriano', firstName: 'Liza', lastName: 'Soriano' },
  { username: 'miguel.tan', firstName: 'Miguel', lastName: 'Tan' },
];

type Voice = 'student' | 'verifying' | 'demo-admin' | 'demo-instructor' | (typeof forumMembers)[number]['username'];

interface Votes {
  up?: Voice[];
  down?: Voice[];
}
interface DemoComment {
  by: Voice;
  /** Hours after the post it comments on. */
  after: number;
  text: string;
}
interface DemoAnswer extends Votes {
  by: Voice;
  after: number;
  text: string;
  accepted?: boolean;
  comments?: DemoComment[];
}
interface DemoThread extends Votes {
  by: Voice;
  daysAgo: number;
  title: string;
  body: string;
  tags: string[];
  views: number;
  closed?: boolean;
  comments?: DemoComment[];
  answers?: DemoAnswer[];
}

const threads: DemoThread[] = [
  {
    by: 'patricia.villanueva',
    daysAgo: 45,
    title: 'When does MCLE {period} end?',
    body: 'I completed my 36 units for {previous}. When is the deadline for **{period}**, and can I already start earning units for it?',
    tags: ['mcle', 'compliance-period'],
    views: 214,
    up: ['carlo.mendoza', 'ramon.aquino', 'student'],
    answers: [
      {
        by: 'demo-instructor',
        after: 3,
        accepted: true,
        text: '{period} runs from **{start} to {end}**. Units from sessions you attend from {start} onward count toward {period}; units earned before that count only for the period in which you attended them.',
        up: ['patricia.villanueva', 'carlo.mendoza', 'student', 'liza.soriano'],
        comments: [{ by: 'patricia.villanueva', after: 2, text: 'Thank you, Atty. Mabini! That settles it.' }],
      },
      {
        by: 'carlo.mendoza',
        after: 20,
        text: 'Tip: the MCLE Compliance tab in your account shows your units per requirement for the period you pick, and you can download it as a PDF.',
        up: ['patricia.villanueva'],
      },
    ],
  },
  {
    by: 'ramon.aquino',
    daysAgo: 40,
    title: 'Am I exempt from MCLE as a government lawyer?',
    body: 'I am a state prosecutor with the DOJ. A colleague told me that government lawyers are exempt from MCLE. Is that right, or does the exemption cover only certain positions?',
    tags: ['mcle', 'exemptions'],
    views: 188,
    up: ['liza.soriano', 'miguel.tan'],
    comments: [{ by: 'student', after: 5, text: 'Following this. I join a government agency next month.' }],
    answers: [
      {
        by: 'liza.soriano',
        after: 6,
        accepted: true,
        text: 'Only the positions listed in **Rule 7 of Bar Matter No. 850** are exempt, among them:\n\n- the Solicitor General and the Assistant Solicitors General;\n- the Government Corporate Counsel and his deputies;\n- the Ombudsman and the Deputy Ombudsmen;\n- incumbent and retired members of the judiciary.\n\nProsecutors are not on the list, so you still need your 36 units.',
        up: ['ramon.aquino', 'carlo.mendoza', 'student', 'demo-instructor'],
        comments: [{ by: 'ramon.aquino', after: 1, text: 'Clear. I will enrol in the legal ethics course this month.' }],
      },
      { by: 'carlo.mendoza', after: 30, text: 'Same experience here: I was with the PAO and still had to complete my units.', up: ['ramon.aquino'] },
    ],
  },
  {
    by: 'student',
    daysAgo: 30,
    title: 'How many units of legal ethics do I need?',
    body: 'Does the 36-unit requirement include a minimum for legal ethics? I want to plan which courses to take first.',
    tags: ['legal-ethics', 'credit-units'],
    views: 156,
    up: ['verifying', 'patricia.villanueva'],
    answers: [
      {
        by: 'demo-instructor',
        after: 4,
        accepted: true,
        text: 'Yes. Of the 36 units, at least **6 must be in legal ethics**. The rest are spread over:\n\n1. trial and pretrial skills;\n2. alternative dispute resolution;\n3. updates on substantive and procedural laws and jurisprudence;\n4. legal writing and oral advocacy;\n5. international law and international conventions;\n6. electives.\n\nStart with legal ethics: it is the largest fixed requirement.',
        up: ['student', 'verifying', 'miguel.tan'],
        comments: [
          { by: 'verifying', after: 8, text: 'Do lectures on the new **CPRA** count as legal ethics?' },
          { by: 'demo-instructor', after: 9, text: 'They do: the Code of Professional Responsibility and Accountability is legal ethics.' },
        ],
      },
    ],
  },
  {
    by: 'carlo.mendoza',
    daysAgo: 28,
    title: 'Do webinars count as participatory units?',
    body: 'Some providers say online lectures are "non-participatory". Does attending a **live webinar** with a Q&A count as participatory?',
    tags: ['credit-units', 'online-learning'],
    views: 132,
    up: ['student', 'liza.soriano'],
    down: ['miguel.tan'],
    answers: [
      {
        by: 'patricia.villanueva',
        after: 7,
        text: 'Live sessions where you can ask questions and your attendance is checked are usually accredited as participatory; recorded lectures are generally not. The course page lists how each course was accredited.',
        up: ['carlo.mendoza', 'student'],
      },
      { by: 'ramon.aquino', after: 26, text: 'The identity snapshots during a course are part of how attendance is checked online, so keep your camera on.', up: ['carlo.mendoza'] },
    ],
  },
  {
    by: 'liza.soriano',
    daysAgo: 21,
    title: 'Remedial law updates: the 2019 amendments to the Rules on Evidence',
    body: 'Which courses cover the 2019 amendments to the Revised Rules on Evidence and to the Rules of Civil Procedure? I litigate mostly civil cases.',
    tags: ['remedial-law', 'updates'],
    views: 97,
    up: ['ramon.aquino'],
    answers: [
      {
        by: 'demo-instructor',
        after: 12,
        text: 'Our updates course on remedial law covers both, A.M. No. 19-08-15-SC (evidence) and A.M. No. 19-10-20-SC (civil procedure), with the jurisprudence since. It counts toward the updates requirement.',
        up: ['liza.soriano', 'patricia.villanueva'],
        comments: [{ by: 'liza.soriano', after: 3, text: 'Does it include the efficient use of paper rule and e-filing?' }],
      },
    ],
  },
  {
    by: 'miguel.tan',
    daysAgo: 18,
    title: 'Which IBP chapter do I list after moving to Cebu?',
    body: 'I moved my practice from Quezon City to Cebu City. Must I transfer my IBP chapter before my MCLE compliance is reported?',
    tags: ['ibp-chapters'],
    views: 64,
    up: ['ramon.aquino'],
    answers: [
      {
        by: 'ramon.aquino',
        after: 10,
        accepted: true,
        text: 'Compliance is reported under your roll number, so the transfer does not affect your units. Ask the IBP for the transfer, then update your IBP chapter in your MCLE profile once it is approved.',
        up: ['miguel.tan', 'liza.soriano'],
      },
    ],
  },
  {
    by: 'verifying',
    daysAgo: 14,
    title: 'Missed the deadline: what happens after a notice of non-compliance?',
    body: 'I missed the {previous} deadline by two months. Is there a fee, and may I still sign pleadings while I catch up?',
    tags: ['mcle', 'compliance-period', 'non-compliance'],
    views: 143,
    closed: true,
    up: ['student', 'carlo.mendoza'],
    answers: [
      {
        by: 'liza.soriano',
        after: 5,
        text: 'You will receive a notice giving you a period to comply and to pay the non-compliance fee. Until you comply you are listed as delinquent, and pleadings must not carry a compliance number you do not have. Finish the units and send the proof as soon as you can.',
        up: ['verifying', 'carlo.mendoza', 'patricia.villanueva'],
      },
      { by: 'carlo.mendoza', after: 9, text: 'Keep the receipts and certificates together: the MCLE Office asked me for both.', up: ['verifying'] },
    ],
    comments: [{ by: 'verifying', after: 30, text: 'Thanks everyone, I have filed my compliance. Closing this.' }],
  },
  {
    by: 'patricia.villanueva',
    daysAgo: 10,
    title: 'Legal writing units: does a law review article count?',
    body: 'I published an article in a law review this year. Can it be credited toward **legal writing and oral advocacy**, or only seminars?',
    tags: ['credit-units', 'legal-writing'],
    views: 41,
    up: ['ramon.aquino', 'liza.soriano'],
    comments: [{ by: 'ramon.aquino', after: 6, text: 'Good question. I would like to know too.' }],
  },
  {
    by: 'ramon.aquino',
    daysAgo: 7,
    title: 'Alternative dispute resolution courses for 2026?',
    body: 'I still need my ADR units. Will there be a course on mediation and arbitration this year, ideally on weekends?',
    tags: ['adr', 'credit-units'],
    views: 38,
    up: ['miguel.tan'],
  },
  {
    by: 'student',
    daysAgo: 5,
    title: 'Can excess units carry over to the next compliance period?',
    body: 'I will have about 42 units by June. Do the extra 6 units count toward the next period?',
    tags: ['credit-units', 'compliance-period'],
    views: 57,
    up: ['patricia.villanueva'],
    answers: [
      {
        by: 'demo-instructor',
        after: 2,
        accepted: true,
        text: 'No: each compliance period stands alone, and excess units do not carry over. Spread your courses so that each period gets its 36.',
        up: ['student', 'carlo.mendoza'],
      },
    ],
  },
  {
    by: 'liza.soriano',
    daysAgo: 3,
    title: 'Will the MCLE Office accept the certificate from this site?',
    body: 'The certificate I downloaded has a QR code. Is that enough, or do I need a wet-signed copy?',
    tags: ['certificates', 'mcle'],
    views: 29,
    answers: [
      {
        by: 'demo-admin',
        after: 4,
        text: 'Each certificate carries a verification code and a QR code that open its public page on this site, where anyone (the MCLE Office included) can check it. No wet signature is needed.',
        up: ['liza.soriano', 'student'],
      },
    ],
  },
  {
    by: 'carlo.mendoza',
    daysAgo: 2,
    title: 'International law units: anything on the South China Sea arbitral award?',
    body: 'For the international law requirement, is there a course on UNCLOS and the 2016 arbitral award?',
    tags: ['international-law'],
    views: 18,
  },
  {
    by: 'miguel.tan',
    daysAgo: 1,
    title: 'Do mock trial workshops count for trial and pretrial skills?',
    body: 'Our chapter runs a two-day mock trial workshop. Would it count toward **trial and pretrial skills** if the provider is accredited?',
    tags: ['trial-skills', 'credit-units'],
    views: 9,
    comments: [{ by: 'patricia.villanueva', after: 2, text: 'Our chapter did the same last year: ask the provider for the accreditation number first.' }],
  },
];

const hours = (h: number) => h * 3_600_000;
const counts = (votes: Votes) => ({ positiveVotes: votes.up?.length ?? 0, negativeVotes: votes.down?.length ?? 0 });

/**
 * The demo school's forum: MCLE discussions with tags, answered and unanswered questions, accepted answers,
 * comments on questions and answers, and votes by several accounts. Run once, with the rest of the demo; the
 * threads about compliance periods name the ones of the seeding day.
 */
export async function seedDemoForum(db: Db, schoolId: number, passwordHash: string, words: PeriodWords) {
  const say = (text: string) => withPeriod(text, words);
  const members = await db
    .insert(users)
    .values(forumMembers.map((m) => ({ ...m, email: `${m.username}@example.com`, passwordHash, role: 'ST' as const, schoolId, isVerified: true })))
    .returning({ id: users.id });
  await db.insert(students).values(members.map((m) => ({ userId: m.id })));
  const people = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, ['student', 'verifying', 'demo-admin', 'demo-instructor', ...forumMembers.map((m) => m.username)]));
  const idOf = (voice: Voice) => people.find((p) => p.username === voice)!.id;
  const now = Date.now();

  const vote = async (target: { questionId: number } | { answerId: number }, votes: Votes) => {
    const rows = [...(votes.up ?? []).map((v) => [v, 1] as const), ...(votes.down ?? []).map((v) => [v, -1] as const)];
    if (rows.length) await db.insert(forumVotes).values(rows.map(([voice, value]) => ({ schoolId, userId: idOf(voice), value, ...target })));
  };
  const comment = async (questionId: number, answerId: number | null, at: number, c: DemoComment) => {
    const createdAt = new Date(at + hours(c.after));
    const body = say(c.text);
    await db.insert(forumComments).values({ schoolId, questionId, answerId, userId: idOf(c.by), body, bodyHtml: renderMarkdown(body).html, createdAt, updatedAt: createdAt });
  };

  for (const thread of threads) {
    const asked = now - thread.daysAgo * hours(24);
    const body = say(thread.body);
    const text = renderMarkdown(body);
    const [question] = await db
      .insert(forumQuestions)
      .values({
        schoolId,
        userId: idOf(thread.by),
        title: say(thread.title),
        body,
        bodyHtml: text.html,
        bodyText: text.text,
        tags: thread.tags,
        viewCount: thread.views,
        answerCount: thread.answers?.length ?? 0,
        ...counts(thread),
        closed: thread.closed ?? false,
        answered: thread.answers?.some((a) => a.accepted) ?? false,
        createdAt: new Date(asked),
        updatedAt: new Date(asked),
      })
      .returning({ id: forumQuestions.id });
    const questionId = question!.id;
    await vote({ questionId }, thread);
    for (const c of thread.comments ?? []) await comment(questionId, null, asked, c);
    for (const a of thread.answers ?? []) {
      const answered = asked + hours(a.after);
      const answer = say(a.text);
      const rendered = renderMarkdown(answer);
      const [row] = await db
        .insert(forumAnswers)
        .values({ schoolId, questionId, userId: idOf(a.by), body: answer, bodyHtml: rendered.html, bodyText: rendered.text, accepted: a.accepted ?? false, ...counts(a), createdAt: new Date(answered), updatedAt: new Date(answered) })
        .returning({ id: forumAnswers.id });
      await vote({ answerId: row!.id }, a);
      for (const c of a.comments ?? []) await comment(questionId, row!.id, answered, c);
    }
  }
}
