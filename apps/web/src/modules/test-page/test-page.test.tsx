import { describe, expect, it } from 'vitest';
import { dialogSize } from './test-page';

describe('dialogSize (the width and height controls)', () => {
  it('reads digits as pixels, other text as a CSS length and empty as the default', () => {
    expect(dialogSize('640')).toBe(640);
    expect(dialogSize(' 420 ')).toBe(420);
    expect(dialogSize('50vw')).toBe('50vw');
    expect(dialogSize('')).toBeUndefined();
    expect(dialogSize('   ')).toBeUndefined();
  });
});
