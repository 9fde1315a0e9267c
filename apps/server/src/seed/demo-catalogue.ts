import type { ExamQuestionType } from '@school/shared/exams/schemas';
import type { VideoQuestionType } from '@school/shared/learning/schemas';
import type { CoursewareType } from '../db/schema/index';

/** How a demo course is set up; the names say which case of spec 2 §4 each one shows. */
export interface DemoCourse {
  name: string;
  subcategory: string;
  lecturer: number;
  fee: number;
  units: number;
  image: number;
  description: string;
  payLater?: boolean;
  classOnly?: 'with-classes' | 'no-classes';
  requireKyc?: boolean;
  durationHours?: number;
  opensInDays?: number;
  endedDaysAgo?: number;
  kyl?: boolean;
  featured?: boolean;
  preview?: 'video' | 'yt';
  selfEnrol?: false;
  /** Unpublished: only the school's staff open it (staff preview), by its address. */
  draft?: true;
  /** Without the exam and survey module: a course a newcomer can finish from start to certificate. */
  noAssessment?: true;
  /** The assessment's exam lasts this many minutes instead of thirty: a short timed exam to watch run out. */
  examMinutes?: number;
}

export const demoLecturers = [
  { name: 'Atty. Teresita L. Cruz', title: 'Former Court of Appeals Justice' },
  { name: 'Dean Ramon P. Villanueva', title: 'Dean, College of Law' },
  { name: 'Atty. Carmela S. Dizon', title: 'Accredited Mediator, PMC' },
  { name: 'Prof. Eduardo M. Lim', title: 'Professor of Remedial Law' },
  { name: 'Atty. Liza G. Manalo', title: 'Legal Technology Consultant' },
];

export const demoCategories: Record<string, string[]> = {
  'MCLE Compliance': [
    'Legal Ethics',
    'Trial and Pre-Trial Skills',
    'Alternative Dispute Resolution',
    'Updates on Substantive and Procedural Laws',
    'International Law',
    'Legal Writing and Oral Advocacy',
  ],
  'Professional Development': ['Law Practice Management', 'Legal Technology'],
};

const d = (topic: string) =>
  `A practical MCLE course on ${topic}, with recorded lectures, readings and a short assessment. Designed for practitioners who want current doctrine and ready-to-use techniques.`;

export const demoCourses: DemoCourse[] = [
  { name: 'Code of Professional Responsibility and Accountability', subcategory: 'Legal Ethics', lecturer: 0, fee: 0, units: 6, image: 1, description: d('the 2023 Code of Professional Responsibility and Accountability (CPRA)'), featured: true, preview: 'video', kyl: true },
  { name: 'Conflicts of Interest in Modern Practice', subcategory: 'Legal Ethics', lecturer: 1, fee: 150000, units: 3, image: 1, description: d('identifying and managing conflicts of interest'), payLater: true },
  { name: 'Legal Ethics in the Digital Age', subcategory: 'Legal Ethics', lecturer: 4, fee: 120000, units: 2, image: 7, description: d('confidentiality, social media and online advertising for lawyers'), kyl: true },
  { name: 'Judicial Affidavit Rule in Practice', subcategory: 'Trial and Pre-Trial Skills', lecturer: 3, fee: 180000, units: 4, image: 2, description: d('preparing and using judicial affidavits'), requireKyc: true },
  { name: 'Effective Cross-Examination', subcategory: 'Trial and Pre-Trial Skills', lecturer: 3, fee: 200000, units: 4, image: 2, description: d('planning and conducting cross-examination'), classOnly: 'with-classes' },
  { name: 'Pre-Trial and Mode of Discovery', subcategory: 'Trial and Pre-Trial Skills', lecturer: 0, fee: 0, units: 3, image: 2, description: d('pre-trial briefs, stipulations and discovery'), durationHours: 8 },
  { name: 'Trial Advocacy Workshop', subcategory: 'Trial and Pre-Trial Skills', lecturer: 3, fee: 350000, units: 6, image: 2, description: d('a live trial advocacy workshop'), classOnly: 'no-classes' },
  { name: 'Court-Annexed Mediation', subcategory: 'Alternative Dispute Resolution', lecturer: 2, fee: 0, units: 2, image: 3, description: d('court-annexed and judicial dispute resolution'), noAssessment: true },
  { name: 'Commercial Arbitration Essentials', subcategory: 'Alternative Dispute Resolution', lecturer: 2, fee: 250000, units: 4, image: 3, description: d('domestic and international commercial arbitration'), payLater: true, preview: 'yt' },
  { name: 'Barangay Conciliation Procedures', subcategory: 'Alternative Dispute Resolution', lecturer: 2, fee: 80000, units: 1, image: 3, description: d('the Katarungang Pambarangay system') },
  { name: 'Revised Rules on Evidence', subcategory: 'Updates on Substantive and Procedural Laws', lecturer: 3, fee: 220000, units: 4, image: 4, description: d('the 2019 amendments to the Revised Rules on Evidence') },
  { name: 'Amended Rules of Civil Procedure', subcategory: 'Updates on Substantive and Procedural Laws', lecturer: 3, fee: 220000, units: 4, image: 4, description: d('the 2019 Amendments to the 1997 Rules of Civil Procedure'), kyl: true },
  { name: 'Data Privacy Act for Practitioners', subcategory: 'Updates on Substantive and Procedural Laws', lecturer: 4, fee: 150000, units: 3, image: 7, description: d('the Data Privacy Act of 2012 and NPC issuances'), opensInDays: 30 },
  { name: 'Tax Remedies Under the TRAIN and CREATE Laws', subcategory: 'Updates on Substantive and Procedural Laws', lecturer: 1, fee: 260000, units: 4, image: 8, description: d('administrative and judicial tax remedies') },
  { name: 'Labor Law Updates 2026', subcategory: 'Updates on Substantive and Procedural Laws', lecturer: 1, fee: 0, units: 2, image: 8, description: d('recent labor jurisprudence'), endedDaysAgo: 30 },
  { name: 'Public International Law Refresher', subcategory: 'International Law', lecturer: 1, fee: 180000, units: 3, image: 5, description: d('sources of international law and state responsibility') },
  { name: 'International Human Rights Law', subcategory: 'International Law', lecturer: 0, fee: 0, units: 3, image: 5, description: d('treaty bodies and domestic application of human rights law'), examMinutes: 3 },
  { name: 'Law of the Sea and the West Philippine Sea', subcategory: 'International Law', lecturer: 1, fee: 200000, units: 3, image: 5, description: d('UNCLOS and the 2016 arbitral award'), requireKyc: true, kyl: true },
  { name: 'Persuasive Legal Writing', subcategory: 'Legal Writing and Oral Advocacy', lecturer: 4, fee: 160000, units: 3, image: 6, description: d('writing persuasive pleadings and memoranda'), payLater: true },
  { name: 'Oral Arguments Before Appellate Courts', subcategory: 'Legal Writing and Oral Advocacy', lecturer: 0, fee: 190000, units: 3, image: 6, description: d('preparing for and delivering oral arguments') },
  { name: 'Contract Drafting Clinic', subcategory: 'Legal Writing and Oral Advocacy', lecturer: 4, fee: 0, units: 2, image: 6, description: d('drafting clear and enforceable contracts'), durationHours: 6 },
  { name: 'Running a Solo Law Practice', subcategory: 'Law Practice Management', lecturer: 4, fee: 90000, units: 2, image: 8, description: d('setting up and running a solo practice') },
  { name: 'Client Trust Accounts and Billing', subcategory: 'Law Practice Management', lecturer: 1, fee: 0, units: 1, image: 8, description: d('handling client funds and billing ethically'), selfEnrol: false },
  { name: 'Legal Research with AI Tools', subcategory: 'Legal Technology', lecturer: 4, fee: 140000, units: 2, image: 7, description: d('using AI research tools responsibly') },
  { name: 'E-Filing and Videoconference Hearings', subcategory: 'Legal Technology', lecturer: 4, fee: 0, units: 1, image: 7, description: d('electronic filing and remote hearings') },
  { name: 'Notarial Practice Update (draft)', subcategory: 'Legal Technology', lecturer: 3, fee: 0, units: 2, image: 2, description: d('the 2004 Rules on Notarial Practice and electronic notarization'), draft: true },
];

export const demoBundles = [
  { name: 'MCLE {period} Complete Package', price: 990000, image: 4, featured: false, courses: [0, 1, 3, 4, 8, 10, 11, 15, 18, 19], description: 'Everything you need for the 36 units of {period} in one package.' },
  { name: 'Free Ethics Starter Bundle', price: 0, image: 1, featured: false, courses: [0, 7, 16], description: 'Three free courses to start your compliance: ethics, mediation and human rights.' },
  { name: 'Trial Lawyer Toolkit', price: 450000, image: 2, featured: false, courses: [3, 4, 5, 10], description: 'Four courses for litigators, from judicial affidavits to evidence.' },
  { name: 'Practice Management Bundle', price: 180000, image: 8, featured: false, courses: [21, 22, 23], description: 'Run your practice well: solo practice, trust accounts and research tools.' },
];

export const acmeCourses: DemoCourse[] = [
  { name: 'Business Writing Essentials', subcategory: 'Communication', lecturer: 0, fee: 0, units: 0, image: 6, description: 'Write clear e-mails, memos and reports that get read.' },
  { name: 'Data Privacy Compliance for Teams', subcategory: 'Compliance', lecturer: 0, fee: 250000, units: 0, image: 7, description: 'What every team must do under the Data Privacy Act.', payLater: true },
  { name: 'Presentation Skills Bootcamp', subcategory: 'Communication', lecturer: 0, fee: 180000, units: 0, image: 2, description: 'Plan and deliver confident presentations.' },
];
export const acmeCategories: Record<string, string[]> = { 'Workplace Skills': ['Communication', 'Compliance'] };
export const acmeLecturers = [{ name: 'Grace Villamor', title: 'Corporate Trainer' }];

/** A demo lesson: its row in coursewares, and for an interactive video its questions. */
export interface DemoLesson {
  name: string;
  type: CoursewareType;
  file?: string;
  url?: string;
  content?: string;
  mediaSeconds?: number;
  maxAttempts?: number;
  questions?: { type: VideoQuestionType; timestamp: number; content: string; choices?: string[]; correct?: string[]; remarks?: string; x: number; y: number }[];
  exam?: DemoExam;
}

const reading = `<h2>Leading cases</h2>
<p>Read the following decisions before the next lesson. Each shows how the Supreme Court applies the rule discussed in the lecture.</p>
<ol>
  <li><strong>Heirs of Malate v. Gamboa</strong>: the duty of candour to the court.</li>
  <li><strong>Spouses Bautista v. Court of Appeals</strong>: when procedural rules yield to substantial justice.</li>
  <li><strong>In re: Atty. Santos</strong>: the limits of zealous advocacy.</li>
</ol>
<blockquote>"The Court will not hesitate to relax the rules when a rigid application would frustrate rather than promote justice."</blockquote>
<p>Tick <em>Mark as Complete</em> below once you have read them.</p>`;

/** Every question type of spec 2 §3, each pausing the lecture at its second. */
const caseStudy: DemoLesson['questions'] = [
  { type: 'info', timestamp: 4, content: 'This case study follows a dispute from the barangay to the Regional Trial Court. Answer each question as it appears.', x: 50, y: 40 },
  { type: 'radio', timestamp: 8, content: 'Which court has exclusive original jurisdiction over actions incapable of pecuniary estimation?', choices: ['Municipal Trial Court', 'Regional Trial Court', 'Court of Appeals'], correct: ['Regional Trial Court'], remarks: 'Batas Pambansa Blg. 129, Section 19(1).', x: 30, y: 30 },
  { type: 'checkbox', timestamp: 12, content: 'Which of these are modes of discovery under the Rules of Court?', choices: ['Depositions', 'Written interrogatories to parties', 'Motion to dismiss', 'Request for admission'], correct: ['Depositions', 'Written interrogatories to parties', 'Request for admission'], remarks: 'Rules 23 to 29; a motion to dismiss is not a mode of discovery.', x: 70, y: 30 },
  { type: 'select', timestamp: 16, content: 'How many days before the pre-trial must judicial affidavits be filed?', choices: ['3', '5', '10'], correct: ['5'], remarks: 'Judicial Affidavit Rule, Section 2: not later than five days before the pre-trial.', x: 30, y: 60 },
  { type: 'text', timestamp: 20, content: "What is the Latin term for the doctrine 'to stand by things decided'?", correct: ['stare decisis'], remarks: 'Article 8 of the Civil Code makes judicial decisions part of the legal system.', x: 70, y: 60 },
  { type: 'fitb', timestamp: 24, content: 'The ___ of the law prevails over its ___.', correct: ['spirit', 'letter'], remarks: 'Ratio legis est anima: the reason of the law is its soul.', x: 50, y: 50 },
];

/** Every course gets the same outline, with a lesson of every type; most end with an assessment module. */
export const demoOutline: { name: string; lessons: DemoLesson[] }[] = [
  {
    name: 'Introduction',
    lessons: [
      { name: 'Welcome and course overview', type: 'video', file: 'seed/private/lessons/lecture.webm', mediaSeconds: 30 },
      { name: 'Course syllabus', type: 'pdf', file: 'seed/private/lessons/syllabus.pdf' },
      { name: 'Supreme Court E-Library', type: 'link', url: 'https://elibrary.judiciary.gov.ph/' },
    ],
  },
  {
    name: 'Core Lessons',
    lessons: [
      { name: 'Lecture: key doctrines', type: 'ivideo', file: 'seed/private/lessons/lecture.webm', mediaSeconds: 30, maxAttempts: 2, questions: caseStudy },
      { name: 'Practice notes', type: 'audio', file: 'seed/private/lessons/podcast.webm', mediaSeconds: 20 },
      { name: 'Reading: leading cases', type: 'html', content: reading },
      { name: 'Recorded lecture on YouTube', type: 'yt', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', mediaSeconds: 600 },
      { name: 'Audio briefing', type: 'sc', url: 'https://soundcloud.com/forss/flickermood', mediaSeconds: 180 },
      { name: 'Live open forum', type: 'class' },
    ],
  },
];

export interface DemoExam {
  description: string;
  passingRate: number;
  maxAttempts: number;
  durationMinutes: number;
  questions: { type: ExamQuestionType; text: string; choices?: string[]; correct?: string[]; points?: number; notes?: string; rating?: boolean }[];
}

/** The demo's assessment: twelve questions of every type, 75 % to pass, three attempts, thirty minutes. */
const finalExam: DemoExam = {
  description: 'Twelve questions on the lessons of this course. You need 75% to pass, in at most three attempts of thirty minutes each.',
  passingRate: 75,
  maxAttempts: 3,
  durationMinutes: 30,
  questions: [
    { type: 'radio', text: 'Which court has exclusive original jurisdiction over actions incapable of pecuniary estimation?', choices: ['Municipal Trial Court', 'Regional Trial Court', 'Court of Appeals'], correct: ['Regional Trial Court'] },
    { type: 'radio', text: 'Under the Judicial Affidavit Rule, when must judicial affidavits be filed?', choices: ['On the day of trial', 'Not later than five days before the pre-trial', 'Within ten days after the pre-trial'], correct: ['Not later than five days before the pre-trial'] },
    { type: 'checkbox', text: 'Which of these are modes of discovery under the Rules of Court?', choices: ['Depositions', 'Written interrogatories to parties', 'Motion to dismiss', 'Request for admission'], correct: ['Depositions', 'Written interrogatories to parties', 'Request for admission'], points: 2 },
    { type: 'select', text: 'How many MCLE units does a lawyer need in each compliance period?', choices: ['24', '36', '48'], correct: ['36'] },
    { type: 'radio', text: 'The 2023 Code of Professional Responsibility and Accountability replaced which code?', choices: ['The Canons of Professional Ethics', 'The 1988 Code of Professional Responsibility', 'The Rules of Court'], correct: ['The 1988 Code of Professional Responsibility'] },
    { type: 'checkbox', text: 'Which are core values of the CPRA?', choices: ['Independence', 'Propriety', 'Profitability', 'Fidelity'], correct: ['Independence', 'Propriety', 'Fidelity'], points: 2 },
    { type: 'select', text: 'Which body enforces the Data Privacy Act of 2012?', choices: ['The National Privacy Commission', 'The Securities and Exchange Commission', 'The Department of Justice'], correct: ['The National Privacy Commission'] },
    { type: 'radio', text: 'Is a barangay conciliation a condition precedent to filing some civil actions?', choices: ['Yes', 'No'], correct: ['Yes'] },
    { type: 'text', text: "What is the Latin term for the doctrine 'to stand by things decided'?", points: 1, notes: 'One or two words.' },
    { type: 'textarea', text: 'Explain in a short paragraph why candour to the court matters.', points: 3, notes: 'Graded by your instructor.' },
    { type: 'file', text: 'Upload a one-page case digest of a decision discussed in the lessons (PDF or image).', points: 3, notes: 'Graded by your instructor.' },
    { type: 'select', text: 'Which rule governs electronic evidence?', choices: ['The Rules on Electronic Evidence', 'The Rules on Summary Procedure', 'The Rules on Notarial Practice'], correct: ['The Rules on Electronic Evidence'] },
  ],
};

/** The course evaluation: a survey, not scored; the MCLE evaluation form of the certificates work is one too. */
const evaluation: DemoExam = {
  description: 'Tell us how this course went. Your answers help the school improve it.',
  passingRate: 0,
  maxAttempts: 1,
  durationMinutes: 0,
  questions: [
    { type: 'radio', text: 'How would you rate this course overall?', choices: ['Excellent', 'Very good', 'Good', 'Fair', 'Poor'], rating: true },
    { type: 'radio', text: 'How would you rate the lecturer?', choices: ['Excellent', 'Very good', 'Good', 'Fair', 'Poor'] },
    { type: 'checkbox', text: 'Which lessons did you find most useful?', choices: ['The lectures', 'The readings', 'The interactive case study', 'The live class'] },
    { type: 'select', text: 'Would you recommend this course to a colleague?', choices: ['Yes', 'Maybe', 'No'] },
    { type: 'textarea', text: 'What should we improve?' },
  ],
};

/** The assessment module: the exam (lasting `minutes`) and the course evaluation. */
export const demoAssessment = (minutes = finalExam.durationMinutes) => ({
  name: 'Assessment',
  lessons: [
    { name: 'Assessment', type: 'exam', exam: { ...finalExam, durationMinutes: minutes } },
    { name: 'Course evaluation', type: 'survey', exam: evaluation },
  ] as DemoLesson[],
});
