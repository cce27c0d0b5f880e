/**
 * Lookups the screens need (ordering §3 Customer, Other lookups; §7 Lookups). Every answer is
 * scoped to what the signed-in user may see; the server validates and documents with these.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES as V } from '../messages/validation';
import { queryId, safeText } from './common';

/** Customer parser types (ordering §9): none, Dunnes (FLAT_FILE), Roots (DELIMITED_ROOTS). */
export const CUSTOMER_PARSER_TYPES = ['NONE', 'FLAT_FILE', 'DELIMITED_ROOTS'] as const;
export type CustomerParserType = (typeof CUSTOMER_PARSER_TYPES)[number];
/** How each parser type is shown (ordering §3 Customer). */
export const CUSTOMER_PARSER_TYPE_LABELS: Record<CustomerParserType, string> = {
  NONE: 'None',
  FLAT_FILE: 'Dunnes',
  DELIMITED_ROOTS: 'Roots',
};

const id = z.number().int().positive();

/** GET /refs/currency-types — `name` is the ISO 4217 code (e.g. CAD). */
export const currencyType = z.object({ id, name: z.string() }).meta({ id: 'CurrencyType' });
export const currencyTypesResponse = z
  .object({ currencyTypes: z.array(currencyType) })
  .meta({ id: 'CurrencyTypesResponse' });
export type CurrencyType = z.infer<typeof currencyType>;
export type CurrencyTypesResponse = z.infer<typeof currencyTypesResponse>;

/** GET /refs/product-group — `value` is what /products?productGroup= takes. */
export const productGroupOption = z
  /** `id` is what master-data records reference (product items, attribute schemas). */
  .object({ id, value: z.string(), displayName: z.string() })
  .meta({ id: 'ProductGroupOption' });
export const productGroupsResponse = z
  .object({ productGroups: z.array(productGroupOption) })
  .meta({ id: 'ProductGroupsResponse' });
export type ProductGroupOption = z.infer<typeof productGroupOption>;
export type ProductGroupsResponse = z.infer<typeof productGroupsResponse>;

/** GET /has-vendor */
export const hasVendorResponse = z.object({ hasVendor: z.boolean() }).meta({ id: 'HasVendorResponse' });
export type HasVendorResponse = z.infer<typeof hasVendorResponse>;

/**
 * GET /user-permissions: the per-user permissions the signed-in user holds, each true only when the
 * role admits it and the user's own flag is set (docs/decisions/0040); screens show the Restock link
 * and inventory editing from it. Not a spec path (ordering §7 names none for this).
 */
export const userPermissionsResponse = z
  .object({ canUpdateInventory: z.boolean(), canRestock: z.boolean() })
  .meta({ id: 'UserPermissionsResponse' });
export type UserPermissionsResponse = z.infer<typeof userPermissionsResponse>;

/** GET /vendors — the vendors the user may see and which customer each buys for. */
export const vendorOption = z.object({ id, name: z.string() }).meta({ id: 'VendorOption' });
export const customerVendor = z.object({ customerId: id, vendorId: id }).meta({ id: 'CustomerVendor' });
export const vendorsResponse = z
  .object({ vendors: z.array(vendorOption), customerVendors: z.array(customerVendor) })
  .meta({ id: 'VendorsResponse' });
export type VendorOption = z.infer<typeof vendorOption>;
export type CustomerVendor = z.infer<typeof customerVendor>;
export type VendorsResponse = z.infer<typeof vendorsResponse>;

/** GET /customers — the customer as ordering uses it (ordering §3 Customer). */
export const customerOption = z
  .object({
    id,
    companyName: z.string(),
    parserType: z.enum(CUSTOMER_PARSER_TYPES),
    specialInstructionsLimit: z.number().int(),
    copyrightShow: z.boolean(),
    fabricCompositionShow: z.boolean(),
  })
  .meta({ id: 'CustomerOption' });
export const customersResponse = z
  .object({ customers: z.array(customerOption) })
  .meta({ id: 'CustomersResponse' });
export type CustomerOption = z.infer<typeof customerOption>;
export type CustomersResponse = z.infer<typeof customersResponse>;

/** GET /entity/production-regions */
export const productionRegionOption = z
  .object({ id, productionRegionName: z.string() })
  .meta({ id: 'ProductionRegionOption' });
export const productionRegionsResponse = z
  .object({ productionRegions: z.array(productionRegionOption) })
  .meta({ id: 'ProductionRegionsResponse' });
export type ProductionRegionOption = z.infer<typeof productionRegionOption>;
export type ProductionRegionsResponse = z.infer<typeof productionRegionsResponse>;

/**
 * GET /entity/product-search-production-regions — the regions where the user has products to
 * order; `productionRegion` is the default choice: the only region when there is exactly one, else null.
 */
export const productSearchProductionRegionsResponse = z
  .object({ productionRegions: z.array(productionRegionOption), productionRegion: id.nullable() })
  .meta({ id: 'ProductSearchProductionRegionsResponse' });
export type ProductSearchProductionRegionsResponse = z.infer<typeof productSearchProductionRegionsResponse>;

/** GET /customer-default-is-equal-to?defaultName=&isEqualTo= */
export const customerDefaultQuery = z.object({
  defaultName: z
    .string({ error: V.required('defaultName') })
    .max(100, V.tooLong('defaultName'))
    .pipe(safeText(100))
    .transform((v) => v.trim())
    .pipe(z.string().min(1, V.required('defaultName'))),
  isEqualTo: z
    .string({ error: V.required('isEqualTo') })
    .max(1000, V.tooLong('isEqualTo'))
    .pipe(safeText(1000)),
});
export const customerDefaultResponse = z
  .object({ value: z.boolean() })
  .meta({ id: 'CustomerDefaultResponse' });
export type CustomerDefaultQuery = z.infer<typeof customerDefaultQuery>;
export type CustomerDefaultResponse = z.infer<typeof customerDefaultResponse>;

/** Customer default that makes the style number required in variable-data search (ordering §5). */
export const VARIABLE_DATA_STYLE_NUMBER_REQUIRED = 'VARIABLE_DATA_STYLE_NUMBER_REQUIRED';

/** GET /orders/max-artwork-upload-size */
export const maxArtworkUploadSizeResponse = z
  .object({ maxSizeInBytes: z.number().int().positive(), maxSizeInMB: z.number().positive() })
  .meta({ id: 'MaxArtworkUploadSizeResponse' });
export type MaxArtworkUploadSizeResponse = z.infer<typeof maxArtworkUploadSizeResponse>;

/** GET /restocking-customers (ordering §3 Other lookups): customers with inventory products the user may restock. */
export const restockingCustomersResponse = z
  .object({ customers: z.array(z.object({ customerId: id, customerName: z.string() })) })
  .meta({ id: 'RestockingCustomersResponse' });
export type RestockingCustomersResponse = z.infer<typeof restockingCustomersResponse>;

/** Why Restock left a stocked size out (ordering §2 Restock; docs/decisions/0056). */
export const RESTOCK_SKIP_CAUSES = ['atMaximum', 'noDefaultQuantity', 'inCart', 'refused'] as const;

/**
 * A stocked size Restock left out and why: `cause` atMaximum (current inventory at or above the
 * maximum), noDefaultQuantity, inCart (the cart already holds its restock maximum) or refused (the
 * cart refused its line: attributes to fill in, no price, another customer in the cart...);
 * `reason` says it in a sentence (the cart's own text for refused).
 */
export const restockSkipped = z
  .object({
    productItemId: id,
    productSubcode: z.string(),
    productSize: z.string(),
    cause: z.enum(RESTOCK_SKIP_CAUSES),
    reason: z.string(),
  })
  .meta({ id: 'RestockSkipped' });

/** Answer of POST /orders/restock/{customerId} (ordering §2 Restock): the lines added and every size left out. */
export const restockResponse = z
  .object({
    /** 'Restocking Items Successfully Added to Order'. */
    message: z.string(),
    added: z.array(z.object({ orderItemId: id, productSubcode: z.string(), quantity: z.number().int() })),
    /** Every stocked size of the customer left out, with why, in the customer's product order. */
    skipped: z.array(restockSkipped),
  })
  .meta({ id: 'RestockResponse' });
export type RestockResponse = z.infer<typeof restockResponse>;

export const restockParams = z.object({ customerId: queryId('a customer id') });

/** GET /has-roots-customer: whether the user sees a customer read with the Roots format (its inventory reports show). */
export const hasRootsCustomerResponse = z
  .object({ hasRootsCustomer: z.boolean() })
  .meta({ id: 'HasRootsCustomerResponse' });
export type HasRootsCustomerResponse = z.infer<typeof hasRootsCustomerResponse>;
/** GET /has-dunnes-customer: whether the user sees a customer read with the Dunnes flat-file format. */
export const hasDunnesCustomerResponse = z
  .object({ hasDunnesCustomer: z.boolean() })
  .meta({ id: 'HasDunnesCustomerResponse' });
export type HasDunnesCustomerResponse = z.infer<typeof hasDunnesCustomerResponse>;
