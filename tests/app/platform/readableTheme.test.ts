import { describe, expect, it } from 'vitest';
import { telegramThemes } from '../../../e2e/support/telegram.ts';
import { contrastRatio, readableOn, readableThemeParams } from '../../../src/app/platform/readableTheme.ts';

// Telegram Web's default palettes, as the e2e tests launch the mini app with them.
const telegramWebLight = telegramThemes.light;
const telegramWebDark = telegramThemes.dark;

describe('contrast ratio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#3390ec', '#3390ec')).toBe(1);
  });

  it('is 4.24 for Telegram Web’s light hint on its secondary background, under the 4.5 of WCAG AA', () => {
    expect(contrastRatio('#707579', '#f4f4f5')?.toFixed(2)).toBe('4.24');
  });

  it('is null for anything but #rrggbb', () => {
    expect(contrastRatio('red', '#ffffff')).toBeNull();
    expect(contrastRatio('#fff', '#ffffff')).toBeNull();
  });
});

describe('readable colours', () => {
  it('keeps a colour that already reads on every background exactly as given', () => {
    expect(readableOn('#000000', ['#ffffff', '#f4f4f5'], 'black')).toBe('#000000');
    expect(readableOn('#aaaaaa', ['#212121', '#181818'], 'white')).toBe('#aaaaaa');
  });

  it('darkens a grey that falls short on a light background by the least step that passes', () => {
    expect(readableOn('#707579', ['#ffffff', '#f4f4f5'], 'black')).toBe('#6c7074');
  });

  it('checks against the worst of the backgrounds, not the first', () => {
    // #6c6c71 passes on white (5.3:1) but not on #e0e0e0.
    expect(readableOn('#6c6c71', ['#ffffff', '#e0e0e0'], 'black')).not.toBe('#6c6c71');
  });

  it('makes Telegram Web’s light palette readable, keeping what already passes', () => {
    expect(readableThemeParams(telegramWebLight)).toEqual({
      ...telegramWebLight,
      hint_color: '#6c7074',
      subtitle_text_color: '#6c7074',
      link_color: '#2870b8',
      accent_text_color: '#2870b8',
      section_header_text_color: '#2870b8',
      destructive_text_color: '#ce3330',
      button_color: '#2b79c6',
    });
  });

  it('makes Telegram Web’s dark palette readable: lighter links, a darker button under white text', () => {
    expect(readableThemeParams(telegramWebDark)).toEqual({
      ...telegramWebDark,
      link_color: '#8c7ae2',
      accent_text_color: '#8c7ae2',
      section_header_text_color: '#8c7ae2',
      button_color: '#7766c6',
    });
  });

  it('leaves text colours alone when the backgrounds mix light and dark, and ignores keys it does not know', () => {
    const mixed = {
      bg_color: '#ffffff',
      secondary_bg_color: '#000000',
      hint_color: '#777777',
      bottom_bar_bg_color: 'x',
    };
    expect(readableThemeParams(mixed)).toEqual(mixed);
  });

  it('every text colour of the adjusted palettes reads at 4.5:1 on every background', () => {
    for (const palette of [telegramWebLight, telegramWebDark]) {
      const readable = readableThemeParams(palette);
      for (const text of [
        'text_color',
        'hint_color',
        'link_color',
        'destructive_text_color',
        'section_header_text_color',
      ] as const)
        for (const background of ['bg_color', 'secondary_bg_color', 'section_bg_color'] as const)
          expect(contrastRatio(readable[text] ?? '', readable[background] ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(readable.button_color ?? '', readable.button_text_color ?? '')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
