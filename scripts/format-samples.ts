/**
 * Writes the sample retailer data files of docs/formats (decision 0045): a Roots DELIMITED_ROOTS file
 * and a Dunnes FLAT_FILE file of a few hundred rows for the demo vendors, each with a few bad rows
 * whose refusals docs/formats/README.md lists. Run `node --import tsx scripts/format-samples.ts`;
 * packages/shared's samples test checks the files still equal what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sampleFiles } from '../packages/shared/src/variableData/sampleFiles';

const dir = fileURLToPath(new URL('../docs/formats/', import.meta.url));
for (const [name, content] of Object.entries(sampleFiles())) {
  writeFileSync(`${dir}${name}`, content);
  console.log(`docs/formats/${name}: ${content.split('\n').length - 1} lines`);
}
