import { describe, expect, it } from 'vitest';
import {
  CARE_INSTRUCTION_TYPES,
  CARE_SYMBOL_BOX,
  CARE_SYMBOL_NAMES,
  CARE_SYMBOLS,
  careSymbol,
  careSymbolsOf,
} from './symbols';

describe('care symbols (ISO 3758)', () => {
  it('names every symbol once, in kebab-case', () => {
    expect(new Set(CARE_SYMBOL_NAMES).size).toBe(CARE_SYMBOL_NAMES.length);
    for (const name of CARE_SYMBOL_NAMES) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('draws the families in ISO 3758 order: washing, bleaching, drying, ironing, professional care', () => {
    const order = CARE_SYMBOL_NAMES.map((n) => CARE_INSTRUCTION_TYPES.indexOf(CARE_SYMBOLS[n].family));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('gives every family its "do not" form', () => {
    for (const family of CARE_INSTRUCTION_TYPES) {
      expect(careSymbolsOf(family).some((s) => s.name.endsWith('-do-not'))).toBe(true);
    }
  });

  it('has the symbols the care labels need', () => {
    const wanted = [
      ...[30, 40, 50, 60, 70, 95].map((t) => `wash-${t}`),
      'wash-hand',
      'bleach-any',
      'bleach-non-chlorine',
      'bleach-do-not',
      'tumble-dry-low',
      'tumble-dry-normal',
      'dry-line',
      'dry-flat',
      'iron-low',
      'iron-medium',
      'iron-high',
      'professional-p',
      'professional-f',
      'professional-w',
    ];
    for (const name of wanted) expect(careSymbol(name), name).toBeDefined();
  });

  it('draws only absolute path commands inside the box (pdfkit and SVG read the same data)', () => {
    for (const symbol of Object.values(CARE_SYMBOLS)) {
      expect(symbol.shapes.length).toBeGreaterThan(0);
      for (const { d } of symbol.shapes) {
        expect(d).toMatch(/^M[-\d. MLCAZ]*$/);
        const numbers = d.match(/-?\d*\.?\d+/g)!.map(Number);
        for (const n of numbers) {
          expect(n).toBeGreaterThanOrEqual(-2);
          expect(n).toBeLessThanOrEqual(CARE_SYMBOL_BOX + 2);
        }
      }
    }
  });

  it('answers undefined for a name no symbol has', () => {
    expect(careSymbol('wash-31')).toBeUndefined();
    expect(careSymbol('')).toBeUndefined();
    expect(careSymbol(null)).toBeUndefined();
  });
});
