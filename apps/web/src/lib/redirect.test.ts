import { describe, expect, it } from 'vitest';
import { redirectPath } from './redirect';

describe('redirectPath', () => {
  it.each([
    [null, '/courses', '/courses'],
    ['', '/courses', '/courses'],
    ['demo.localhost:3000/student/courses', '/', '/student/courses'],
    ['https://evil.example.com/steal?x=1', '/', '/steal?x=1'],
    ['/course/intro-1?class=2', '/', '/course/intro-1?class=2'],
    ['acme.localhost', '/courses', '/'],
    ['//evil.example.com', '/courses', '/courses'],
    ['/\\evil.example.com', '/courses', '/courses'],
  ])('%j -> %s', (value, fallback, expected) => expect(redirectPath(value, fallback)).toBe(expected));
});
