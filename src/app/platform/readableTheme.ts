/**
 * Telegram's theme parameters, made readable: every text colour at least 4.5:1 (WCAG AA) against
 * every background it is drawn on, and the button colour at least 4.5:1 against its text. Some of
 * Telegram's own palettes fall short (Telegram Web's light hint #707579 on #f4f4f5 is 4.2:1, its
 * dark button #8774e1 under white text 3.7:1). A colour that passes is kept exactly as Telegram
 * sent it; one that fails is moved towards black (on light backgrounds) or white (on dark ones)
 * by the least amount that passes, so it keeps its hue and the app still looks like the
 * messenger around it.
 */

export const minimumContrast = 4.5;

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return null;
  return [
    Number.parseInt(match[1] ?? '0', 16),
    Number.parseInt(match[2] ?? '0', 16),
    Number.parseInt(match[3] ?? '0', 16),
  ];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance. */
function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The WCAG contrast ratio of two colours given as #rrggbb, or null if either is not one. */
export function contrastRatio(first: string, second: string): number | null {
  const a = parseHex(first);
  const b = parseHex(second);
  if (a === null || b === null) return null;
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

function mix(colour: Rgb, target: Rgb, share: number): Rgb {
  const channel = (from: number, to: number) => from + (to - from) * share;
  return [channel(colour[0], target[0]), channel(colour[1], target[1]), channel(colour[2], target[2])];
}

const black: Rgb = [0, 0, 0];
const white: Rgb = [255, 255, 255];

function passesAll(colour: string, backgrounds: readonly string[]): boolean {
  return backgrounds.every((background) => (contrastRatio(colour, background) ?? minimumContrast) >= minimumContrast);
}

/**
 * `colour` unchanged when it reads on every background; otherwise moved towards `towards` in 2 %
 * steps until it does (at worst all the way to black or white, which always passes against a
 * background on the other side).
 */
export function readableOn(colour: string, backgrounds: readonly string[], towards: 'black' | 'white'): string {
  const rgb = parseHex(colour);
  if (rgb === null || passesAll(colour, backgrounds)) return colour;
  const target = towards === 'black' ? black : white;
  for (let step = 1; step <= 50; step += 1) {
    const candidate = toHex(mix(rgb, target, step / 50));
    if (passesAll(candidate, backgrounds)) return candidate;
  }
  return toHex(target);
}

/** Keys drawn as text on the page's backgrounds. */
const textKeys = [
  'text_color',
  'hint_color',
  'subtitle_text_color',
  'link_color',
  'accent_text_color',
  'section_header_text_color',
  'destructive_text_color',
] as const;

/** Keys the page's text sits on. */
const backgroundKeys = ['bg_color', 'secondary_bg_color', 'section_bg_color', 'header_bg_color'] as const;

function isLight(hex: string): boolean {
  const rgb = parseHex(hex);
  return rgb !== null && luminance(rgb) > 0.18;
}

/** The theme parameters with every text and button colour readable (see the module comment). */
export function readableThemeParams(params: Readonly<Record<string, string>>): Record<string, string> {
  const result: Record<string, string> = { ...params };
  const backgrounds = backgroundKeys.flatMap((key) => (params[key] === undefined ? [] : [params[key]]));
  const pageTowards = backgrounds.every(isLight) ? 'black' : backgrounds.some(isLight) ? null : 'white';
  if (pageTowards !== null)
    for (const key of textKeys) {
      const colour = params[key];
      if (colour !== undefined) result[key] = readableOn(colour, backgrounds, pageTowards);
    }
  const button = params.button_color;
  const buttonText = params.button_text_color;
  if (button !== undefined && buttonText !== undefined)
    // The button moves away from its text: darker under light text, lighter under dark text.
    result.button_color = readableOn(button, [buttonText], isLight(buttonText) ? 'black' : 'white');
  return result;
}
