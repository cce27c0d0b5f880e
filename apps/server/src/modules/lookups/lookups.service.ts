/**
 * Lookups (ordering §3 Customer, Other lookups; §7 Lookups), each scoped to what the user may see
 * (ARCHITECTURE.md Who may do what; scopes from the access module, access/access.ts).
 */
import {
  CUSTOMER_PARSER_TYPES,
  type CurrencyTypesResponse,
  type CustomerOption,
  type CustomerParserType,
  type CustomersResponse,
  type MaxArtworkUploadSizeResponse,
  type ProductGroupsResponse,
  type ProductionRegionsResponse,
  type ProductSearchProductionRegionsResponse,
  type VendorsResponse,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import { uploadLimit } from '../../platform/uploads';
import { type CustomerScope, orderableCustomerIds, visibleCustomerIds } from '../access/access';
import { DEFAULT_PRICE_CURRENCY } from '../orders/orders.readModel';
import { lookupsRepository as repo } from './lookups.repository';

type Q = Db | Tx;

// What other modules' services ask of the reference data (docs/decisions/0060-one-access-layer.md:
// services call services, not another module's repository); each runs in the caller's `q`.

/** ISO codes of currencies by id (ids without a currency are left out). */
export const currencyCodes = (q: Q, ids: number[]): Promise<Map<number, string>> =>
  repo.currencyCodes(q, ids);

/**
 * The house currency: what a cart without a vendor is priced in (DEFAULT_PRICE_CURRENCY, else the
 * first currency of the reference data); undefined only without any currency.
 */
export const houseCurrency = async (q: Q) =>
  (await repo.currencyByCode(q, DEFAULT_PRICE_CURRENCY)) ?? (await repo.firstCurrency(q));

/** True when a customer in `scope` has the customer default `name` equal to `value` (trimmed, any case). */
export const anyCustomerDefaultEquals = (q: Q, scope: CustomerScope, name: string, value: string) =>
  repo.anyCustomerDefaultEquals(q, scope, name, value);

const parserType = (v: string): CustomerParserType =>
  (CUSTOMER_PARSER_TYPES as readonly string[]).includes(v) ? (v as CustomerParserType) : 'NONE';

export function createLookupsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async currencyTypes(): Promise<CurrencyTypesResponse> {
      return { currencyTypes: await repo.currencyTypes(db) };
    },

    async productGroups(): Promise<ProductGroupsResponse> {
      return { productGroups: await repo.productGroups(db) };
    },

    async productionRegions(): Promise<ProductionRegionsResponse> {
      return { productionRegions: await repo.productionRegions(db) };
    },

    /**
     * VENDOR: its own vendors and their customer links; ADMIN: all; others: the vendors buying for
     * their visible customers, with the links to those customers only.
     */
    async vendors(user: AuthUser): Promise<VendorsResponse> {
      if (user.role === 'ADMIN') {
        const [vendors, customerVendors] = await Promise.all([
          repo.vendorsById(db, 'ALL'),
          repo.customerVendors(db, {}),
        ]);
        return { vendors, customerVendors };
      }
      if (user.role === 'VENDOR') {
        const [vendors, customerVendors] = await Promise.all([
          repo.vendorsById(db, user.vendorIds),
          repo.customerVendors(db, { vendorIds: user.vendorIds }),
        ]);
        return { vendors, customerVendors };
      }
      const scope = await visibleCustomerIds(db, user);
      const [vendors, customerVendors] = await Promise.all([
        repo.vendorsOfCustomers(db, scope),
        repo.customerVendors(db, { customers: scope }),
      ]);
      return { vendors, customerVendors };
    },

    async customers(user: AuthUser): Promise<CustomersResponse> {
      const rows = await repo.customers(db, await visibleCustomerIds(db, user));
      return { customers: rows.map((c): CustomerOption => ({ ...c, parserType: parserType(c.parserType) })) };
    },

    /** Regions where the user has products to order; the default is the only one, if only one. */
    async productSearchProductionRegions(user: AuthUser): Promise<ProductSearchProductionRegionsResponse> {
      const productionRegions = await repo.regionsWithProducts(db, await orderableCustomerIds(db, user));
      return {
        productionRegions,
        productionRegion: productionRegions.length === 1 ? productionRegions[0].id : null,
      };
    },

    /** True when any customer the user may order for has `defaultName` equal to `isEqualTo` (case-insensitive). */
    async customerDefaultIsEqualTo(user: AuthUser, defaultName: string, isEqualTo: string) {
      const scope = await orderableCustomerIds(db, user);
      if (scope !== 'ALL' && scope.length === 0) return { value: false };
      return { value: await repo.anyCustomerDefaultEquals(db, scope, defaultName, isEqualTo) };
    },

    maxArtworkUploadSize(): MaxArtworkUploadSizeResponse {
      const { mb, maxBytes } = uploadLimit('artwork', ctx.config);
      return { maxSizeInBytes: maxBytes, maxSizeInMB: mb };
    },
  };
}
