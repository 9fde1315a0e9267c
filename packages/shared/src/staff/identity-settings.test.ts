import { describe, expect, it } from 'vitest';
import { idKindsProblem, identitySettingsMessages as m, identitySettingsPatchSchema, MAX_ID_KINDS } from './identity-settings';

const kind = (name: string, primary = false) => ({ name, primary });

describe('the kinds of ID a school lists', () => {
  it('wants at least one, at most the limit, each named once whatever its case and spaces, and one primary at most', () => {
    expect(idKindsProblem([kind('IBP ID', true), kind('Passport')])).toBeNull();
    expect(idKindsProblem([kind('IBP ID'), kind('Passport')])).toBeNull();
    expect(idKindsProblem([])).toBe(m.kindsNeeded);
    expect(idKindsProblem(Array.from({ length: MAX_ID_KINDS + 1 }, (_, i) => kind(`ID ${i}`)))).toBe(m.tooManyKinds);
    expect(idKindsProblem([kind('Passport'), kind(' passport ')])).toBe(m.kindTwice);
    expect(idKindsProblem([kind('IBP ID', true), kind('Passport', true)])).toBe(m.onePrimary);
  });

  it('checks the patch field by field, trimming names and refusing days out of range or repeated courses', () => {
    expect(identitySettingsPatchSchema.parse({ kinds: [{ name: '  IBP ID ', primary: true }] }).kinds).toEqual([{ name: 'IBP ID', primary: true }]);
    const issues = (body: object) => identitySettingsPatchSchema.safeParse(body).error?.issues.map((i) => i.message);
    expect(issues({ retention_days: 29 })).toEqual([m.retention]);
    expect(issues({ retention_days: 3651 })).toEqual([m.retention]);
    expect(issues({ retention_days: 30 })).toBeUndefined();
    expect(issues({ snapshot_courses: [4, 4] })).toEqual([m.courseTwice]);
    expect(issues({ kinds: [{ name: '', primary: false }] })).toContain(m.kindName);
  });
});
