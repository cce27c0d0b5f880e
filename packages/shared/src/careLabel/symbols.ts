/**
 * The care symbols of ISO 3758 (washing, bleaching, drying, ironing, professional care), drawn for
 * this project as DATA: each symbol is a list of SVG path strings in a 100 × 100 box, stroked with
 * CARE_SYMBOL_STROKE or filled. The web draws them as React SVG (features/care-label/CareSymbol.tsx)
 * and the production PO draws the very same paths with pdfkit (documents/pdf/careLabel.ts), so the
 * screen and the paper cannot disagree. A care instruction's `icon` (master-data §3 Care instruction)
 * names one of CARE_SYMBOLS. Numbers and letters are stroked glyphs of our own (no font), for the
 * same reason. Pure data, no I/O, no validation library (screens load it without zod).
 */

/** The five care instruction types (master-data §3 Care instruction), in ISO 3758 order. */
export const CARE_INSTRUCTION_TYPES = ['WASH', 'BLEACH', 'DRY', 'IRON', 'DRYCLEAN'] as const;
export type CareInstructionType = (typeof CARE_INSTRUCTION_TYPES)[number];

/** One drawn part of a symbol: an SVG path (absolute M/L/C/A/Z commands), stroked or filled. */
export interface CareSymbolShape {
  d: string;
  paint: 'stroke' | 'fill';
}

/** A care symbol: its family (the care instruction type it belongs to), an English title, its shapes. */
export interface CareSymbol {
  name: string;
  family: CareInstructionType;
  title: string;
  shapes: CareSymbolShape[];
}

/** Side of the square box every symbol is drawn in (SVG viewBox `0 0 100 100`). */
export const CARE_SYMBOL_BOX = 100;
/** Stroke width of every stroked shape, in box units; lines have round caps and joins. */
export const CARE_SYMBOL_STROKE = 5;

// --- Stroked glyphs: digits and the letters of professional care, in a 10 × 16 box (W is 14 wide).
// Only absolute M, L, C and Z commands, so that placeGlyphs can scale and move them number by number.
const GLYPHS: Record<string, { width: number; d: string }> = {
  '0': { width: 10, d: 'M5 0 C1.5 0 0 3.5 0 8 C0 12.5 1.5 16 5 16 C8.5 16 10 12.5 10 8 C10 3.5 8.5 0 5 0 Z' },
  '1': { width: 7, d: 'M1 3.5 L6 0 L6 16' },
  '3': {
    width: 10,
    d: 'M0.5 2.5 C2 -0.5 9 -0.7 9.2 3.6 C9.3 6.4 7 7.6 4 7.6 C7.5 7.6 10 9 10 12 C10 16.6 2 17.2 0 13.5',
  },
  '4': { width: 10, d: 'M7.5 16 L7.5 0 L0 11 L10 11' },
  '5': { width: 10, d: 'M9.3 0 L1.6 0 L0.6 7.2 C3 5.4 10 5 10 10.6 C10 16.6 2.4 17 0 13.6' },
  '6': {
    width: 10,
    d: 'M8.8 1.6 C5 -1.4 0 1 0 9 C0 13.8 2 16 5 16 C8 16 10 14 10 10.8 C10 7.5 8 5.6 5 5.6 C2.6 5.6 0.6 7.1 0 9',
  },
  '7': { width: 10, d: 'M0 0 L10 0 L3.5 16' },
  '9': {
    width: 10,
    d: 'M1.2 14.4 C5 17.4 10 15 10 7 C10 2.2 8 0 5 0 C2 0 0 2 0 5.2 C0 8.5 2 10.4 5 10.4 C7.4 10.4 9.4 8.9 10 7',
  },
  P: { width: 10, d: 'M0 16 L0 0 L5.5 0 C8.7 0 10 2 10 4.5 C10 7 8.7 9 5.5 9 L0 9' },
  F: { width: 10, d: 'M10 0 L0 0 L0 16 M0 7.5 L8 7.5' },
  W: { width: 15, d: 'M0 0 L3.6 16 L7.5 3.5 L11.4 16 L15 0' },
};
const GLYPH_HEIGHT = 16;
const GLYPH_GAP = 3.5;

const round = (n: number): string => String(Math.round(n * 100) / 100);

/** Moves and scales absolute path data (pairs of numbers after M, L, C). */
function transformPath(d: string, scale: number, dx: number, dy: number): string {
  return d.replace(
    /(-?\d*\.?\d+) (-?\d*\.?\d+)/g,
    (_m, x: string, y: string) => `${round(Number(x) * scale + dx)} ${round(Number(y) * scale + dy)}`,
  );
}

/** The glyphs of `text` as one path, centred on (cx, cy), `height` box units tall. */
function placeGlyphs(text: string, cx: number, cy: number, height: number): string {
  const scale = height / GLYPH_HEIGHT;
  const chars = [...text].map((c) => {
    const glyph = GLYPHS[c];
    if (!glyph) throw new Error(`care symbol glyph '${c}' is not drawn`);
    return glyph;
  });
  const width = chars.reduce((sum, g) => sum + g.width, 0) + GLYPH_GAP * (chars.length - 1);
  let x = cx - (width * scale) / 2;
  const y = cy - height / 2;
  return chars
    .map((g) => {
      const part = transformPath(g.d, scale, x, y);
      x += (g.width + GLYPH_GAP) * scale;
      return part;
    })
    .join(' ');
}

const circle = (cx: number, cy: number, r: number): string =>
  `M${round(cx - r)} ${cy} A${r} ${r} 0 1 0 ${round(cx + r)} ${cy} A${r} ${r} 0 1 0 ${round(cx - r)} ${cy} Z`;
const stroke = (d: string): CareSymbolShape => ({ d, paint: 'stroke' });
const fill = (d: string): CareSymbolShape => ({ d, paint: 'fill' });
const DOT_R = 5.5;
/** Dots in a row centred on (cx, cy). */
const dots = (n: number, cx: number, cy: number, gap = 16): CareSymbolShape[] =>
  Array.from({ length: n }, (_v, i) => fill(circle(cx + (i - (n - 1) / 2) * gap, cy, DOT_R)));
/** The St Andrew's cross of every "do not" form. */
const CROSS = stroke('M10 8 L90 88 M90 8 L10 88');
/** Bars under a symbol: one is a mild treatment, two a very mild one. */
const bars = (n: 0 | 1 | 2): CareSymbolShape[] =>
  n === 0 ? [] : [stroke('M18 90 L82 90'), ...(n === 2 ? [stroke('M18 98 L82 98')] : [])];
const mildness = ['', ' mild', ' very mild'] as const;
const mildName = ['', '-mild', '-very-mild'] as const;

// --- Washing: a tub with a wavy water line.
const TUB_BASIN = 'M5 22 L18 82 L82 82 L95 22';
const TUB = stroke(
  `${TUB_BASIN} M8 36 C15 28 21 28 28 36 C35 44 43 44 50 36 C57 28 64 28 71 36 C78 44 85 44 92 36`,
);
/** The hand wash tub: the water line shows only beside the hand. */
const HAND_TUB = stroke(`${TUB_BASIN} M8 36 C11 32 13 31 15 32 M85 42 C88 42 90 40 92 36`);
const HAND = stroke(
  'M78 2 L78 54.5 C78 61.83 67 61.83 67 54.5 L67 48 L67 64.5 C67 71.83 56 71.83 56 64.5 L56 48 ' +
    'L56 67.5 C56 74.83 45 74.83 45 67.5 L45 48 L45 61.5 C45 68.83 34 68.83 34 61.5 L34 40 C28 ' +
    '44 21 46 18 41 C15 36 24 30 28 24 C31 18 33 10 35 2',
);
const WASH_TEMPERATURES = [30, 40, 50, 60, 70, 95] as const;
/** Mildest treatment ISO 3758 gives each temperature (0: normal only). */
const WASH_MILDEST: Record<(typeof WASH_TEMPERATURES)[number], 0 | 1 | 2> = {
  30: 2,
  40: 2,
  50: 1,
  60: 1,
  70: 0,
  95: 0,
};

const symbols: CareSymbol[] = [];
for (const t of WASH_TEMPERATURES) {
  for (let m = 0 as 0 | 1 | 2; m <= WASH_MILDEST[t]; m = (m + 1) as 0 | 1 | 2) {
    symbols.push({
      name: `wash-${t}${mildName[m]}`,
      family: 'WASH',
      title: `Machine wash${mildness[m]}, ${t} °C`,
      shapes: [TUB, stroke(placeGlyphs(String(t), 50, 60, 22)), ...bars(m)],
    });
  }
}
// North American labels (ASTM D5489) mark the temperature with dots: 1 = 30 °C … 6 = 95 °C.
WASH_TEMPERATURES.forEach((t, i) => {
  const n = i + 1;
  const rows = n <= 3 ? [n] : [3, n - 3];
  symbols.push({
    name: `wash-dots-${n}`,
    family: 'WASH',
    title: `Machine wash, ${t} °C (${n} dot${n > 1 ? 's' : ''})`,
    shapes: [TUB, ...rows.flatMap((k, r) => dots(k, 50, rows.length === 1 ? 60 : 53 + r * 16))],
  });
});
symbols.push(
  { name: 'wash-hand', family: 'WASH', title: 'Hand wash, 40 °C max', shapes: [HAND_TUB, HAND] },
  { name: 'wash-do-not', family: 'WASH', title: 'Do not wash', shapes: [TUB, CROSS] },
);

// --- Bleaching: a triangle.
const TRIANGLE = stroke('M50 10 L94 84 L6 84 Z');
symbols.push(
  { name: 'bleach-any', family: 'BLEACH', title: 'Any bleaching agent allowed', shapes: [TRIANGLE] },
  {
    name: 'bleach-non-chlorine',
    family: 'BLEACH',
    title: 'Only oxygen / non-chlorine bleach',
    shapes: [TRIANGLE, stroke('M34 76 L54 42 M48 76 L64 49')],
  },
  { name: 'bleach-do-not', family: 'BLEACH', title: 'Do not bleach', shapes: [TRIANGLE, CROSS] },
);

// --- Drying: a square; a circle in it for tumble drying, lines for natural drying.
const SQUARE = stroke('M10 8 L90 8 L90 88 L10 88 Z');
const DRUM = stroke(circle(50, 48, 30));
const SHADE = stroke('M10 30 L32 8');
symbols.push(
  { name: 'tumble-dry', family: 'DRY', title: 'Tumble dry', shapes: [SQUARE, DRUM] },
  {
    name: 'tumble-dry-low',
    family: 'DRY',
    title: 'Tumble dry, low heat (60 °C)',
    shapes: [SQUARE, DRUM, ...dots(1, 50, 48)],
  },
  {
    name: 'tumble-dry-normal',
    family: 'DRY',
    title: 'Tumble dry, normal heat (80 °C)',
    shapes: [SQUARE, DRUM, ...dots(2, 50, 48)],
  },
  { name: 'tumble-dry-do-not', family: 'DRY', title: 'Do not tumble dry', shapes: [SQUARE, DRUM, CROSS] },
);
const NATURAL: { name: string; title: string; d: string }[] = [
  { name: 'line', title: 'Line dry', d: 'M50 20 L50 76' },
  { name: 'drip-line', title: 'Drip line dry', d: 'M40 20 L40 76 M60 20 L60 76' },
  { name: 'flat', title: 'Dry flat', d: 'M22 48 L78 48' },
  { name: 'drip-flat', title: 'Drip dry flat', d: 'M22 40 L78 40 M22 56 L78 56' },
];
for (const n of NATURAL) {
  symbols.push(
    { name: `dry-${n.name}`, family: 'DRY', title: n.title, shapes: [SQUARE, stroke(n.d)] },
    {
      name: `dry-${n.name}-shade`,
      family: 'DRY',
      title: `${n.title} in the shade`,
      shapes: [SQUARE, SHADE, stroke(n.d)],
    },
  );
}

// --- Ironing: a hand iron; dots give the sole plate's highest temperature.
const IRON = stroke(
  'M6 78 L94 78 L90 42 C89 36 86 34 80 34 L40 34 C22 34 10 50 6 78 Z M40 34 L44 20 L84 20 L86 34',
);
const IRON_LEVELS = [
  { n: 1, word: 'low', temperature: 110 },
  { n: 2, word: 'medium', temperature: 150 },
  { n: 3, word: 'high', temperature: 200 },
] as const;
for (const level of IRON_LEVELS) {
  symbols.push({
    name: `iron-${level.word}`,
    family: 'IRON',
    title: `Iron, ${level.word} heat (${level.temperature} °C max)`,
    shapes: [IRON, ...dots(level.n, 58, 58, 15)],
  });
}
symbols.push({ name: 'iron-do-not', family: 'IRON', title: 'Do not iron', shapes: [IRON, CROSS] });

// --- Professional care: a circle with P or F (dry cleaning) or W (wet cleaning).
const RING = stroke(circle(50, 44, 38));
const PROFESSIONAL = [
  { letter: 'P', what: 'Professional dry clean in tetrachloroethene', mildest: 2 },
  { letter: 'F', what: 'Professional dry clean in hydrocarbons', mildest: 2 },
  { letter: 'W', what: 'Professional wet clean', mildest: 2 },
] as const;
for (const p of PROFESSIONAL) {
  for (let m = 0 as 0 | 1 | 2; m <= p.mildest; m = (m + 1) as 0 | 1 | 2) {
    symbols.push({
      name: `professional-${p.letter.toLowerCase()}${mildName[m]}`,
      family: 'DRYCLEAN',
      title: `${p.what}${m ? `,${mildness[m]} process` : ''}`,
      shapes: [RING, stroke(placeGlyphs(p.letter, 50, 44, 36)), ...bars(m)],
    });
  }
}
symbols.push(
  { name: 'professional-dry-do-not', family: 'DRYCLEAN', title: 'Do not dry clean', shapes: [RING, CROSS] },
  {
    name: 'professional-wet-do-not',
    family: 'DRYCLEAN',
    title: 'Do not wet clean',
    shapes: [RING, stroke(placeGlyphs('W', 50, 44, 36)), CROSS],
  },
);

/** Every care symbol by name, in ISO 3758 order (washing, bleaching, drying, ironing, professional care). */
export const CARE_SYMBOLS: Readonly<Record<string, CareSymbol>> = Object.freeze(
  Object.fromEntries(symbols.map((s) => [s.name, s])),
);

/** Every symbol name, in ISO 3758 order (the icon picker's options). */
export const CARE_SYMBOL_NAMES: readonly string[] = symbols.map((s) => s.name);

/** The symbols of one care instruction type (the icon picker of that type), in drawing order. */
export function careSymbolsOf(family: CareInstructionType): CareSymbol[] {
  return symbols.filter((s) => s.family === family);
}

/** The symbol named `icon`, or undefined when no symbol has that name (an icon typed by hand). */
export function careSymbol(icon: string | null | undefined): CareSymbol | undefined {
  return icon ? CARE_SYMBOLS[icon] : undefined;
}
