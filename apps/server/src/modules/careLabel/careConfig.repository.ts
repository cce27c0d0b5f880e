/**
 * A customer's care-label configuration (CustomerCareConfig of packages/shared careLabel/config.ts)
 * read from its six chosen lists and its care settings (master-data §3 Customer). The contract with
 * the ordering side: the editor and Add to Order ask careConfig.service.ts (customerCareConfig);
 * placing puts customerCareConfigSql (careConfig.sql.ts) into its lock's statement.
 */
import type { CustomerCareConfig } from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { customerCareConfigSql } from './careConfig.sql';

type Q = Db | Tx;

/**
 * The care-label configuration of customer `customerId` (one statement), or null when there is no
 * such customer. Each list is empty when the customer has chosen no list of that kind.
 */
export async function loadCustomerCareConfig(db: Q, customerId: number): Promise<CustomerCareConfig | null> {
  const r = await db.execute(sql`select ${customerCareConfigSql(sql`${customerId}::int`)} as "config"`);
  return ((r.rows[0] as { config: CustomerCareConfig | null } | undefined)?.config ??
    null) as CustomerCareConfig | null;
}
