import { describe, expect, it } from 'vitest';
import { formatLength, liveClassSchema, outlineMessages, parseLength } from './outline';
import { videoQuestionColumns, videoQuestionEditorMessages as m, videoQuestionProblems, videoQuestionsPutSchema } from './video-questions';

const put = (questions: object[]) => videoQuestionsPutSchema.parse({ max_attempts: 0, questions });

describe('videoQuestionProblems', () => {
  it('takes a well-formed question of every type', () => {
    const ok = put([
      { type: 'info', timestamp: 1, content: 'Note the date.' },
      { type: 'radio', timestamp: 2, content: 'One', choices: ['A', 'B'], correct_answer: ['B'] },
      { type: 'dropdown', timestamp: 3, content: 'List', choices: ['A', 'B'], correct_answer: ['A'] },
      { type: 'select', timestamp: 3, content: 'Select', choices: ['A', 'B'], correct_answer: ['A'] },
      { type: 'multiple', timestamp: 4, content: 'Several', choices: ['A', 'B', 'C'], correct_answer: ['A', 'C'] },
      { type: 'checkbox', timestamp: 4, content: 'Ticks', choices: ['A', 'B'], correct_answer: ['B'] },
      { type: 'text', timestamp: 5, content: 'Word', correct_answer: ['certiorari'] },
      { type: 'fitb', timestamp: 6, content: 'Rule ___ of the ___ Court', correct_answer: ['65', 'Supreme'] },
    ]);
    expect(videoQuestionProblems(ok, 30)).toEqual({});
  });

  it('names each problem by its question and field', () => {
    const bad = put([
      { type: 'radio', timestamp: 30, content: 'At the end', choices: ['A', 'B'], correct_answer: ['A'] },
      { type: 'radio', timestamp: 1, content: 'Blank choice', choices: ['A', ''], correct_answer: ['A'] },
      { type: 'dropdown', timestamp: 1, content: 'Two right', choices: ['A', 'B'], correct_answer: ['A', 'B'] },
      { type: 'multiple', timestamp: 1, content: 'Unknown key', choices: ['A', 'B', 'A'], correct_answer: ['Z'] },
      { type: 'text', timestamp: 1, content: 'An empty one accepted', correct_answer: ['Paris', ''] },
      { type: 'fitb', timestamp: 1, content: 'No blank here' },
      { type: 'fitb', timestamp: 1, content: '___ and ___', correct_answer: ['one'] },
    ]);
    expect(videoQuestionProblems(bad, 30)).toEqual({
      'questions.0.timestamp': m.afterEnd,
      'questions.1.choices': m.choiceText,
      'questions.2.correct_answer': m.oneCorrect,
      'questions.3.choices': m.choices,
      'questions.3.correct_answer': m.someCorrect,
      'questions.4.correct_answer': m.accepted,
      'questions.5.content': m.blanks,
      'questions.6.correct_answer': m.blankAnswers,
    });
    // Without the video's length yet, no second is too late.
    expect(videoQuestionProblems(put([{ type: 'info', timestamp: 3000, content: 'Late' }]), null)).toEqual({});
  });

  it('keeps only what the type uses', () => {
    const [info, typed] = put([
      { type: 'info', timestamp: 1, content: 'Note', choices: ['A'], correct_answer: ['A'] },
      { type: 'text', timestamp: 1, content: 'Word', choices: ['A', 'B'], correct_answer: ['word'], remarks: '  Because.  ' },
    ]).questions.map(videoQuestionColumns);
    expect(info).toMatchObject({ choices: [], correct_answer: [] });
    expect(typed).toMatchObject({ choices: [], correct_answer: ['word'], remarks: 'Because.' });
  });
});

describe('liveClassSchema', () => {
  it('takes a day and hours, and refuses an end before the start or a time that is not HH:MM', () => {
    expect(liveClassSchema.parse({ date: '2026-12-05', start_time: '09:00', end_time: '12:00' })).toEqual({ date: '2026-12-05', start_time: '09:00', end_time: '12:00', use_studios: false, recording: null, attendance_minutes: null });
    const issues = (value: object) => liveClassSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ date: '2026-12-05', start_time: '12:00', end_time: '09:00' })).toEqual([['end_time', outlineMessages.endBeforeStart]]);
    // Presence counts only during the class's hours: a 60-minute class cannot ask for 61.
    expect(issues({ date: '2026-12-05', start_time: '09:00', end_time: '10:00', attendance_minutes: 61 })).toEqual([['attendance_minutes', outlineMessages.attendanceTooLong]]);
    expect(issues({ date: '2026-12-05', start_time: '09:00', end_time: '10:00', attendance_minutes: 60 })).toBeUndefined();
    expect(issues({ date: '5 Dec', start_time: '9am', end_time: '24:00', attendance_minutes: -1 })).toEqual([
      ['date', outlineMessages.classDate],
      ['start_time', outlineMessages.clock],
      ['end_time', outlineMessages.clock],
      ['attendance_minutes', outlineMessages.attendance],
    ]);
  });
});

describe('parseLength and formatLength', () => {
  it('reads seconds, m:ss and h:mm:ss, and nothing else', () => {
    expect([parseLength('95'), parseLength('1:35'), parseLength(' 1:02:03 '), parseLength('0:05')]).toEqual([95, 95, 3723, 5]);
    expect([formatLength(750), formatLength(3), formatLength(3723)]).toEqual(['12:30', '0:03', '1:02:03']);
    expect(parseLength(formatLength(3723))).toBe(3723);
    expect([parseLength(''), parseLength('1:5'), parseLength('1:60'), parseLength('1.5'), parseLength('1:2:3:4'), parseLength('-3')]).toEqual([null, null, null, null, null, null]);
  });
});
