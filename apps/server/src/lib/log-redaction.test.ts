import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError, loggablePath } from './log-redaction';

describe('loggablePath', () => {
  it('drops the query string and hides secrets that travel in paths', () => {
    expect(loggablePath('/auth/abc123?redirect=/courses')).toBe('/auth/[redacted]');
    expect(loggablePath('/reset_password/MTI6c2VjcmV0')).toBe('/reset_password/[redacted]');
    expect(loggablePath('/student/verified/?key=s3cret&x=1')).toBe('/student/verified/');
    expect(loggablePath('/api/v1/schools/1/courses/?search_course=Maria%20Santos')).toBe('/api/v1/schools/1/courses/');
    expect(loggablePath('/dev/mailbox.json?to=victim@example.com#x')).toBe('/dev/mailbox.json');
    expect(loggablePath('/api/v1/school/demo/')).toBe('/api/v1/school/demo/');
  });
});

describe('loggableError', () => {
  it('keeps the statement and the error code of a failed query, never its parameters or the row', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_key"'), {
      code: '23505',
      constraint: 'users_email_lower_key',
      detail: 'Key (lower(email))=(maria@example.com) already exists.',
    });
    const error = new DrizzleQueryError('insert into users (email) values ($1)', ['maria@example.com'], cause);
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain('maria@example.com');
    expect(logged).toContain('insert into users (email) values ($1)');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_email_lower_key');
  });

  it('leaves other errors as they are', () => {
    const error = new Error('boom');
    expect(loggableError(error)).toBe(error);
  });
});
