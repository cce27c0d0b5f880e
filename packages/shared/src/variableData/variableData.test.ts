import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRoundedQuantity } from '../rules/orderLine';
import { gs1CheckDigit, isValidGtin, withCheckDigit } from './gs1';
import { compareSizeAndColour, refreshQuantity } from './quantities';
import { FileRefusedError, FlatFileParser, rootsHeader, rootsRecord, type VariableDataRow } from './rows';
import {
  csvField,
  flatFileTrailer,
  ROOTS_HEADER_LINE,
  rootsLine,
  writeFlatFile,
  writeRootsFile,
} from './writers';

describe('GS1 check digits', () => {
  it('computes the check digit of known GTINs', () => {
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(isValidGtin('036000291452', 12)).toBe(true);
    expect(isValidGtin('036000291453', 12)).toBe(false);
    expect(isValidGtin('4006381333931', 13)).toBe(true);
    expect(isValidGtin('4006381333931', 12)).toBe(false);
    expect(isValidGtin('40063813339a1', 13)).toBe(false);
    expect(() => gs1CheckDigit('12a')).toThrow(/digits/);
  });

  it('any body with its check digit is valid, and any other last digit is not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const code = withCheckDigit(body);
        expect(isValidGtin(code, 13)).toBe(true);
        const wrong = `${body}${(Number(code.at(-1)) + shift) % 10}`;
        expect(isValidGtin(wrong, 13)).toBe(false);
      }),
    );
  });
});

const dunnesRow = (over: Partial<VariableDataRow> = {}): VariableDataRow => ({
  line: 0,
  vendorNumber: '4410023',
  poNumber: 'DS-PO-1001',
  poDate: '2026-11-02',
  styleNumber: 'ST-88120',
  ticketType: 'DS-PT-01',
  description: 'Linen Shirt White',
  size: 'M',
  colour: 'WHT',
  barcode: '5012345678900',
  prices: [
    { currency: 'EUR', amount: '29.99' },
    { currency: 'GBP', amount: '25.00' },
  ],
  quantity: 120,
  ...over,
});

function parseFlat(text: string) {
  const parser = new FlatFileParser();
  const rows: VariableDataRow[] = [];
  const refusals: { line: number; field: string; reason: string }[] = [];
  text.split('\n').forEach((line, i) => {
    const r = parser.feed(line, i + 1);
    if (r && 'row' in r) rows.push(r.row);
    else if (r) refusals.push(...r.refusals);
  });
  const count = parser.end();
  return { rows, refusals, count };
}

describe('Dunnes FLAT_FILE', () => {
  const file = writeFlatFile(
    [dunnesRow(), dunnesRow({ size: 'L', barcode: withCheckDigit('501234567891') })],
    {
      crlf: true,
    },
  );

  it('reads every field at its position, CRLF or LF', () => {
    const { rows, refusals, count } = parseFlat(file);
    expect(refusals).toEqual([]);
    expect(count).toBe(2);
    expect(rows[0]).toEqual({ ...dunnesRow(), line: 2 });
    expect(rows[1]?.size).toBe('L');
    expect(parseFlat(file.replaceAll('\r\n', '\n')).rows).toEqual(rows);
    expect(file.split('\r\n')[0]).toBe('H0004410023DS-PO-1001  20261102');
    expect(file.split('\r\n')[1]).toHaveLength(118);
  });

  it('refuses a bad D record alone, with its line, field and reason', () => {
    const lines = file.split('\r\n');
    // quantity 0 and a wrong check digit on the first D record
    lines[1] = `${lines[1]?.slice(0, 96)}1${lines[1]?.slice(97, 111)}0000000`;
    const { rows, refusals } = parseFlat(lines.join('\n'));
    expect(rows).toHaveLength(1);
    expect(refusals).toEqual([
      { line: 2, field: 'EAN-13 barcode', reason: 'has a wrong GS1 check digit' },
      { line: 2, field: 'quantity', reason: 'must be a whole number over 0' },
    ]);
  });

  it('refuses the file whole on a trailer mismatch, no trailer, a line after it, or accents', () => {
    const lines = file.split('\r\n');
    expect(() => parseFlat([...lines.slice(0, 3), flatFileTrailer(3), ''].join('\n'))).toThrow(
      /counts 3 D records but the file holds 2/,
    );
    expect(() => parseFlat(lines.slice(0, 3).join('\n'))).toThrow(FileRefusedError);
    expect(() => parseFlat([...lines.slice(0, 4), lines[1]].join('\n'))).toThrow(/follows the T record/);
    expect(() => parseFlat(file.replace('Linen Shirt White', 'Linen Shirt Blanc\u00e9'))).toThrow(
      /not ASCII/,
    );
  });

  it('refuses D records under a refused or missing H, and one whose PO differs from its H', () => {
    const lines = file.split('\r\n');
    const badH = `H0004410023DS-PO-1001  20261340`; // month 13
    expect(parseFlat([badH, lines[1], lines[2], flatFileTrailer(2)].join('\n')).refusals).toEqual([
      { line: 1, field: 'PO date', reason: 'must be a date written YYYYMMDD' },
      { line: 2, field: 'D record', reason: 'belongs to an H record that was refused' },
      { line: 3, field: 'D record', reason: 'belongs to an H record that was refused' },
    ]);
    expect(parseFlat([lines[1], flatFileTrailer(1)].join('\n')).refusals[0]?.reason).toBe(
      'comes before any H record',
    );
    const otherPo = lines[1]?.replace('DS-PO-1001  ', 'DS-PO-9999  ') ?? '';
    expect(parseFlat([lines[0], otherPo, flatFileTrailer(1)].join('\n')).refusals[0]).toEqual({
      line: 2,
      field: 'PO number',
      reason: "must equal its H record's PO number DS-PO-1001",
    });
  });
});

const rootsRow = (over: Partial<VariableDataRow> = {}): VariableDataRow => ({
  line: 0,
  vendorNumber: '4410023',
  poNumber: 'PO-778120',
  poDate: null,
  styleNumber: '62040331',
  ticketType: 'RT-HT-01',
  description: 'Cabin Hoodie, Heather Grey',
  size: 'M',
  colour: 'HGRY',
  barcode: '062040331001',
  prices: [
    { currency: 'CAD', amount: '98.00' },
    { currency: 'USD', amount: '78.00' },
  ],
  quantity: 240,
  ...over,
});

/** A tiny RFC 4180 reader for the tests (the server reads with csv-parse). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  return cells;
}

describe('Roots DELIMITED_ROOTS', () => {
  it('reads the format page example', () => {
    expect(rootsRow().barcode).toBe(withCheckDigit('06204033100'));
    const header = rootsHeader(cellsOf(ROOTS_HEADER_LINE));
    const example =
      '4410023,PO-778120,62040331,RT-HT-01,"Cabin Hoodie, Heather Grey",HGRY,M,062040331001,98.00,78.00,240';
    expect(rootsRecord(cellsOf(example), header, 2)).toEqual({ row: { ...rootsRow(), line: 2 } });
  });

  it('matches column names in any order, case and spacing; ignores unknown ones', () => {
    const header = rootsHeader([
      ' quantity ',
      'Extra',
      'upc',
      ...ROOTS_HEADER_LINE.split(',').filter((c) => !['QUANTITY', 'UPC'].includes(c)),
    ]);
    expect(header.QUANTITY).toBe(0);
    expect(header.UPC).toBe(2);
    expect(header.VENDOR_NUMBER).toBe(3);
  });

  it('refuses the file whole when a column is missing or named twice', () => {
    expect(() => rootsHeader(ROOTS_HEADER_LINE.replace(',UPC', '').split(','))).toThrow(
      'The header row lacks the column UPC.',
    );
    expect(() => rootsHeader(`${ROOTS_HEADER_LINE},upc`.split(','))).toThrow(/names the column UPC twice/);
  });

  it('names every broken rule of a row', () => {
    const header = rootsHeader(cellsOf(ROOTS_HEADER_LINE));
    const bad = ['12345678901', '', 'S1', 'RT', 'x', 'C', '', '062040331002', '9.999', '-1', '1.5'];
    expect(rootsRecord(bad, header, 7)).toEqual({
      refusals: [
        { line: 7, field: 'vendor number', reason: 'must be 1 to 10 digits' },
        { line: 7, field: 'PO number', reason: 'is required' },
        { line: 7, field: 'size', reason: 'is required' },
        { line: 7, field: 'UPC-A barcode', reason: 'has a wrong GS1 check digit' },
        {
          line: 7,
          field: 'price CAD',
          reason: 'must be an amount like 49.99 (at most 2 decimals, not negative)',
        },
        {
          line: 7,
          field: 'price USD',
          reason: 'must be an amount like 49.99 (at most 2 decimals, not negative)',
        },
        { line: 7, field: 'quantity', reason: 'must be a whole number over 0' },
      ],
    });
    expect(rootsRecord(['1'], header, 8)).toEqual({
      refusals: [{ line: 8, field: 'PO_NUMBER', reason: 'is missing: the record has too few fields' }],
    });
  });

  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(cellsOf(rootsLine(rootsRow({ description: 'Parka "Nord", rouge été' })))[4]).toBe(
      'Parka "Nord", rouge été',
    );
  });
});

const text = (max: number) => fc.stringMatching(new RegExp(`^[A-Z0-9][A-Z0-9 -]{0,${max - 2}}[A-Z0-9]$`));
const rowArb = (layout: 'FLAT_FILE' | 'DELIMITED_ROOTS') =>
  fc
    .record({
      vendorNumber: fc.stringMatching(/^[1-9]\d{0,9}$/),
      poNumber: text(12),
      styleNumber: text(15),
      ticketType: text(10),
      description:
        layout === 'FLAT_FILE'
          ? fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9 ]{0,28}[A-Za-z0-9])?$/)
          : fc.string({ maxLength: 60 }).map((s) =>
              [...s]
                .filter((c) => c >= ' ' && c !== '\u007f')
                .join('')
                .trim(),
            ),
      size: fc.constantFrom('XS', 'S', 'M', 'L', 'XL', '32', '34'),
      colour: fc.constantFrom('', 'BLK', 'WHT', '001'),
      body: fc.stringMatching(layout === 'FLAT_FILE' ? /^\d{12}$/ : /^\d{11}$/),
      a: fc.integer({ min: 0, max: 999_999 }),
      b: fc.integer({ min: 0, max: 999_999 }),
      quantity: fc.integer({ min: 1, max: 9_999_999 }),
    })
    .map(({ body, a, b, ...r }): VariableDataRow => {
      const [c1, c2] = layout === 'FLAT_FILE' ? (['EUR', 'GBP'] as const) : (['CAD', 'USD'] as const);
      return {
        ...r,
        line: 0,
        poDate: layout === 'FLAT_FILE' ? '2026-01-01' : null,
        barcode: withCheckDigit(body),
        prices: [
          { currency: c1, amount: (a / 100).toFixed(2) },
          { currency: c2, amount: (b / 100).toFixed(2) },
        ],
      };
    });

describe('a generated valid file parses back to the rows it was made from', () => {
  it('Dunnes', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb('FLAT_FILE'), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        (rows, crlf) => {
          const { rows: back, refusals, count } = parseFlat(writeFlatFile(rows, { crlf }));
          expect(refusals).toEqual([]);
          expect(count).toBe(rows.length);
          expect(back.map(({ line: _, ...r }) => r)).toEqual(rows.map(({ line: _, ...r }) => r));
        },
      ),
    );
  });

  it('Roots', () => {
    fc.assert(
      fc.property(fc.array(rowArb('DELIMITED_ROOTS'), { minLength: 1, maxLength: 20 }), (rows) => {
        const lines = writeRootsFile(rows).split('\r\n');
        const header = rootsHeader(cellsOf(lines[0] ?? ''));
        rows.forEach((row, i) => {
          expect(rootsRecord(cellsOf(lines[i + 1] ?? ''), header, i + 2)).toEqual({
            row: { ...row, line: i + 2 },
          });
        });
      }),
    );
  });
});

describe('Refresh (ordering §9) and the size order', () => {
  const limits = { minOrderQuantity: 50, packSize: 25 };
  it('adjusts, rounds, raises to the minimum, then up to the pack size', () => {
    expect(refreshQuantity(100, { by: 'UNIT', amount: 10 }, limits)).toBe(125);
    expect(refreshQuantity(100, { by: 'PERCENT', amount: 10 }, limits)).toBe(125);
    expect(refreshQuantity(100, { by: 'PERCENT', amount: -90 }, limits)).toBe(50);
    expect(refreshQuantity(200, { by: 'UNIT', amount: 0 }, limits)).toBe(200);
    expect(refreshQuantity(3, { by: 'PERCENT', amount: 50 }, { minOrderQuantity: 0, packSize: 1 })).toBe(5);
  });

  it('raises a row adjusted down to 0 to the minimum too (§9 has no exception; decision 0057)', () => {
    expect(refreshQuantity(10, { by: 'UNIT', amount: -20 }, limits)).toBe(50);
    expect(refreshQuantity(336, { by: 'PERCENT', amount: -100 }, limits)).toBe(50);
    expect(
      refreshQuantity(1, { by: 'PERCENT', amount: -40 }, { minOrderQuantity: 1000, packSize: 500 }),
    ).toBe(1000);
    // Only a minimum of 0 leaves it at 0.
    expect(refreshQuantity(10, { by: 'UNIT', amount: -20 }, { minOrderQuantity: 0, packSize: 25 })).toBe(0);
  });

  it('never answers below the minimum, never off the pack size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: -200, max: 500 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 100 }),
        (q, amount, unit, minOrderQuantity, packSize) => {
          const r = refreshQuantity(
            q,
            { by: unit ? 'UNIT' : 'PERCENT', amount },
            { minOrderQuantity, packSize },
          );
          expect(r % packSize).toBe(0);
          expect(r).toBeGreaterThanOrEqual(minOrderQuantity);
          expect(r).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('gives quantities the cart accepts, not fewer for a larger adjustment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: -200, max: 500 }),
        fc.integer({ min: 0, max: 300 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 100 }),
        (q, amount, more, unit, minOrderQuantity, packSize) => {
          const by = unit ? 'UNIT' : 'PERCENT';
          const limits = { minOrderQuantity, packSize };
          const r = refreshQuantity(q, { by, amount }, limits);
          expect(isRoundedQuantity(r, limits)).toBe(true);
          expect(refreshQuantity(q, { by, amount: amount + more }, limits)).toBeGreaterThanOrEqual(r);
        },
      ),
    );
  });

  it('orders sizes and colours as a total order (sorting twice, or from any order, gives one result)', () => {
    const size = fc.constantFrom('XS', 'S', 'M', 'L', 'XL', '2XL', '28', '30', '7.5', 'Petite', 'OS', '');
    const colour = fc.constantFrom('BLK', 'NVY', '002', '010', '', 'fgrn');
    fc.assert(
      fc.property(fc.array(fc.record({ size, colour }), { maxLength: 30 }), (rows) => {
        const once = [...rows].sort(compareSizeAndColour);
        expect([...once].reverse().sort(compareSizeAndColour)).toEqual(once);
        for (let i = 1; i < once.length; i++)
          expect(compareSizeAndColour(once[i - 1], once[i])).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('sorts sizes in garment order, then numbers, then the rest; colours letters then numbers', () => {
    const variants = ['XL', '32', 'S', 'OS', 'M', '28', 'XS', 'Petite', 'L'].map((size) => ({
      size,
      colour: '',
    }));
    expect(variants.sort(compareSizeAndColour).map((v) => v.size)).toEqual([
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'OS',
      '28',
      '32',
      'Petite',
    ]);
    const colours = ['002', 'NVY', '010', 'BLK'].map((colour) => ({ size: 'M', colour }));
    expect(colours.sort(compareSizeAndColour).map((v) => v.colour)).toEqual(['BLK', 'NVY', '002', '010']);
  });
});
