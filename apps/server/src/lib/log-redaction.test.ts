import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides tokens and keys that travel in addresses', () => {
    expect(redactUrl('/auth/abc123?redirect=/courses')).toBe('/auth/[redacted]?redirect=/courses');
    expect(redactUrl('/reset_password/MTI6c2VjcmV0')).toBe('/reset_password/[redacted]');
    expect(redactUrl('/student/verified/?key=s3cret&x=1')).toBe('/student/verified/?key=[redacted]&x=1');
    expect(redactUrl('/api/v1/school/demo/')).toBe('/api/v1/school/demo/');
  });
});
