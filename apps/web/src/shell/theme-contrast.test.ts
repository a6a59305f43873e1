import { decomposeColor, getContrastRatio, hexToRgb, type Palette } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** The colour `text` (possibly translucent, like MUI's 0.87 black) shows over the opaque `fill`. */
function over(text: string, fill: string): string {
  const { values: t } = decomposeColor(text);
  const { values: f } = decomposeColor(fill.startsWith('#') ? hexToRgb(fill) : fill);
  const alpha = t[3] ?? 1;
  const mix = [0, 1, 2].map((i) => Math.round(t[i] * alpha + f[i] * (1 - alpha)));
  return `rgb(${mix.join(', ')})`;
}
const textContrast = (text: string, fill: string) => getContrastRatio(over(text, fill), fill);
const STATUS = ['primary', 'error', 'warning', 'success', 'info'] as const;

describe.each(['light', 'dark'] as const)('%s scheme contrast (WCAG AA 4.5:1 for text)', (scheme) => {
  // With CSS variables the theme carries both schemes; its type does not say so.
  const palette = (theme as unknown as { colorSchemes: Record<string, { palette: Palette } | undefined> }).colorSchemes[scheme]?.palette;
  if (!palette) throw new Error(`no ${scheme} scheme`);

  it('keeps the spec palette as the main colours', () => {
    expect([palette.primary.main, palette.error.main, palette.info.main, palette.success.main, palette.warning.main]).toEqual([
      '#b98856',
      '#f44336',
      '#2196f3',
      '#4caf50',
      '#ff9800',
    ]);
  });

  it('paints field error text in a red readable on the page and on paper', () => {
    for (const surface of [palette.background.default, palette.background.paper]) {
      expect(getContrastRatio(palette.errorText, surface)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(palette.accentText, surface)).toBeGreaterThanOrEqual(4.5);
    }
    // Text buttons in the other status colours use the scheme's readable shade.
    const shade = (color: 'success' | 'info') => (scheme === 'light' ? palette[color].dark : palette[color].light);
    for (const color of ['success', 'info'] as const) {
      expect(getContrastRatio(shade(color), palette.background.paper), color).toBeGreaterThanOrEqual(4.5);
    }
    expect(getContrastRatio(palette.warningText, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(palette.warningText, palette.background.default)).toBeGreaterThanOrEqual(4.5);
    // The spec red itself is not (which is why errorText exists).
    expect(getContrastRatio(palette.error.main, '#ffffff')).toBeLessThan(4.5);
  });

  it.each(STATUS)('gives %s fills dark text that stays readable on the hover shade', (color) => {
    expect(palette[color].contrastText).toMatch(/^rgba\(0, 0, 0/);
    const text = palette[color].contrastText;
    expect(textContrast(text, palette[color].main)).toBeGreaterThanOrEqual(4.5);
    expect(textContrast(text, palette[color].light)).toBeGreaterThanOrEqual(4.5);
    // MUI's own hover shade would not be.
    if (color !== 'warning') expect(textContrast(text, palette[color].dark)).toBeLessThan(4.5);
  });
});
