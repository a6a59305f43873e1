import { afterEach, describe, expect, it } from 'vitest';
import { initialMenuOpen } from './menu-state';

describe('initialMenuOpen', () => {
  afterEach(() => localStorage.clear());

  it('is open by default only when the window is wider than 450 px', () => {
    expect(initialMenuOpen(451)).toBe(true);
    expect(initialMenuOpen(450)).toBe(false);
    expect(initialMenuOpen(390)).toBe(false);
  });

  it('follows the remembered state whatever the width', () => {
    localStorage.setItem('menu_open', 'false');
    expect(initialMenuOpen(1440)).toBe(false);
    localStorage.setItem('menu_open', 'true');
    expect(initialMenuOpen(390)).toBe(true);
  });
});
