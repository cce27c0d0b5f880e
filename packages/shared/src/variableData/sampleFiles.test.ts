import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FlatFileParser, type RowRefusal, rootsHeader, rootsRecord, type VariableDataRow } from './rows';
import { BAD_SAMPLE_LINES, sampleFiles } from './sampleFiles';

const docs = new URL('../../../../docs/formats/', import.meta.url);

/** Each file's rows and refusals, with the refusal texts as BAD_SAMPLE_LINES words them. */
function read(name: keyof typeof BAD_SAMPLE_LINES, content: string) {
  const rows: VariableDataRow[] = [];
  const refusals: RowRefusal[] = [];
  if (name === 'roots-sample.csv') {
    const records = parse(content, { relax_column_count: true, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    const header = rootsHeader(records[0]?.record ?? []);
    for (const { record, info } of records.slice(1)) {
      const r = rootsRecord(record, header, info.lines);
      if ('row' in r) rows.push(r.row);
      else refusals.push(...r.refusals);
    }
  } else {
    const parser = new FlatFileParser();
    content.split('\n').forEach((line, i) => {
      const r = parser.feed(line, i + 1);
      if (r && 'row' in r) rows.push(r.row);
      else if (r) refusals.push(...r.refusals);
    });
    parser.end();
  }
  return { rows, refusals };
}

describe('docs/formats sample files', () => {
  for (const [name, content] of Object.entries(sampleFiles()) as [keyof typeof BAD_SAMPLE_LINES, string][]) {
    it(`${name} is what scripts/format-samples.ts writes, and its bad lines get the refusals listed`, () => {
      expect(readFileSync(new URL(name, docs), 'utf8')).toBe(content);
      const { rows, refusals } = read(name, content);
      const bad: Record<number, string> = BAD_SAMPLE_LINES[name];
      const byParser = Object.entries(bad).filter(([, why]) => !why.includes('checked by the import'));
      expect(refusals.map((r) => `${r.line} ${r.field}: ${r.reason}`)).toEqual(
        byParser.map(([line, why]) => `${line} ${why.startsWith('D record') ? `${why}, not 111` : why}`),
      );
      const byImport = Object.entries(bad).filter(([, why]) => why.includes('checked by the import'));
      for (const [line] of byImport) expect(rows.some((r) => r.line === Number(line))).toBe(true);
      expect(rows.length).toBeGreaterThan(150);
    });
  }
});
