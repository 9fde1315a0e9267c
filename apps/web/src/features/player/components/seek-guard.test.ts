import { describe, expect, it } from 'vitest';
import { SeekGuard } from './seek-guard';

describe('SeekGuard', () => {
  it('reverts a jump past the furthest point, allows playing on, going back and forward again', () => {
    const guard = new SeekGuard(10, false);
    expect(guard.moved(10.25)).toBeNull();
    expect(guard.moved(11)).toBeNull();
    expect(guard.moved(30)).toBe(11);
    expect(guard.moved(12.1)).toBeNull();
    expect(guard.moved(2)).toBeNull();
    expect(guard.moved(12)).toBeNull();
    expect(guard.moved(14)).toBe(12);
  });

  it('lets anything through where seeking is allowed', () => {
    expect(new SeekGuard(0, true).moved(500)).toBeNull();
  });
});
