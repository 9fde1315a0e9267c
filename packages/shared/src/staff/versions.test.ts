import { describe, expect, it } from 'vitest';
import { etagOf, versionOf } from './versions';

describe('versions as ETags', () => {
  it('reads back the version an ETag names, and nothing from any other tag', () => {
    expect(versionOf(etagOf(12))).toBe(12);
    expect(versionOf(' "v3" ')).toBe(3);
    for (const tag of ['*', 'W/"v3"', '"3"', 'v3', '"v-1"', '"v3", "v4"', '"v9999999999"']) expect(versionOf(tag)).toBeNull();
  });
});
