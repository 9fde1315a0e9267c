import { FORWARD_SEEK_TOLERANCE_SECONDS } from '@school/shared/learning/rules';

/**
 * Forward seeking, where it is not allowed (spec 2 §4): a jump more than about 1.2 s past the furthest point
 * reached goes back to where the media was. Going back, and forward again up to that point, stay free.
 */
export class SeekGuard {
  private last: number;
  private furthest: number;

  constructor(
    start: number,
    private readonly free: boolean,
  ) {
    this.last = start;
    this.furthest = start;
  }

  /** Whether moving to `seconds` is allowed. */
  allows(seconds: number): boolean {
    return this.free || seconds <= this.furthest + FORWARD_SEEK_TOLERANCE_SECONDS;
  }

  /** Records where the media is; answers the position to go back to when the move was not allowed. */
  moved(seconds: number): number | null {
    if (!this.allows(seconds)) return this.last;
    this.last = seconds;
    if (seconds > this.furthest) this.furthest = seconds;
    return null;
  }
}
