/**
 * What the careLabel module answers other modules about a customer's care configuration
 * (docs/decisions/0060-one-access-layer.md: services call services, not another module's repository).
 */
import type { CustomerCareConfig } from '@selvedge/shared';
import type { Db, Tx } from '../../platform/db';
import { loadCustomerCareConfig } from './careConfig.repository';

/**
 * The care-label configuration of customer `customerId` (ordering §3 Care label: the editor and Add
 * to Order), or null when there is no such customer (careConfig.repository.ts, one statement).
 */
export const customerCareConfig = (q: Db | Tx, customerId: number): Promise<CustomerCareConfig | null> =>
  loadCustomerCareConfig(q, customerId);
