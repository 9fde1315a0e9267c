import { describe, expect, it } from 'vitest';
import { csvFile, inertCell } from './csv';

describe('csvFile', () => {
  it('writes a formula-looking text cell as text, numbers and plain text as they are', () => {
    const csv = csvFile([{ name: '=HYPERLINK("http://evil.example","click")', note: '+1 555', at: '@SUM(A1)', minus: '-2+3', tab: '\tcmd', score: -5, plain: 'Maria Reyes' }]);
    expect(csv.split('\n')).toEqual(['name,note,at,minus,tab,score,plain', `"'=HYPERLINK(""http://evil.example"",""click"")",'+1 555,'@SUM(A1),'-2+3,'\tcmd,-5,Maria Reyes`, '']);
  });

  it('leaves text with those characters further in alone', () => {
    expect(inertCell('a=b')).toBe('a=b');
    expect(inertCell('')).toBe('');
  });
});
