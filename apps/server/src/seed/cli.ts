/**
 * `npm run seed:demo`: loads the demo data into the configured database (DATABASE_URL, else the
 * embedded one in DATA_DIR) after applying migrations. Refuses a database that already holds data.
 */
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { createStorage } from '../platform/storage';
import { isDatabaseEmpty, SEED_REFUSED, seedDemoData } from './demo';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
try {
  await database.migrate();
  if (!(await isDatabaseEmpty(database.db))) {
    console.error(SEED_REFUSED);
    process.exitCode = 1;
  } else {
    await seedDemoData(database.db, { storage: createStorage(config) });
    console.log(
      `Demo data loaded into ${database.kind === 'postgres' ? 'PostgreSQL' : 'the embedded database'}.`,
    );
  }
} finally {
  await database.close();
}
