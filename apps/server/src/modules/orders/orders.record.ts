/**
 * The one read model of an order (ARCHITECTURE.md Mechanisms: cart, order details, PDFs and mail are
 * views of it; the CSV and .xlsx downloads are SQL query files of their own, orders.downloads.ts). `OrderRecord` holds everything stored about one order, unfiltered;
 * each view (orders.views.ts for answers, documents/ for PDFs, orders.mail.ts for mail) decides
 * what a reader may see of it. Loaded by `loadOrderRecord` (orders.readModel.ts).
 *
 * Units: money amounts are decimal strings with their ISO 4217 currency code (never floats);
 * quantities are pieces; dates are ISO 8601 strings (calendar days as YYYY-MM-DD, instants in UTC).
 */
import type { ArtworkStatus, CareLabel, OrderedVariableData, OrderStatus } from '@selvedge/shared';

export type ProductType = 'STANDARD' | 'VARIABLE_DATA' | 'DYNAMIC';

/** A party's name and postal details as printed on documents. */
export interface PartyRecord {
  id: number;
  name: string;
  address: string | null;
  telephone?: string | null;
}

export interface FactoryRecord extends PartyRecord {
  shortCode: string;
  /** The factory's cost currency (ISO 4217). */
  currency: string | null;
}

export interface ArtworkVersionRecord {
  versionId: number;
  version: number;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  uploadedByName: string;
  uploadedAt: Date;
  status: 'UPLOADED' | 'APPROVED' | 'REJECTED';
  comment: string | null;
  reviewedByName: string | null;
  reviewedAt: Date | null;
}

export interface OrderLineSizeRecord {
  orderItemSizeId: number;
  productItemId: number;
  size: string;
  quantity: number;
  attributesItem: Record<string, string>;
  /** Unit price/cost of the size row when it differs from the line's; null: the line's applies. */
  unitPrice: string | null;
  unitCost: string | null;
  /** VARIABLE_DATA and DYNAMIC lines: the ordered row's data as the line keeps it (decision 0051); else null. */
  variableData?: OrderedVariableData | null;
}

export interface OrderLineRecord {
  orderItemId: number;
  productSubcodeId: number;
  productSubcode: string;
  description: string;
  productCode: string;
  packSize: number;
  productType: ProductType;
  poNumber: string | null;
  styleNumber: string | null;
  productImagePath: string | null;
  productImageType: string | null;
  /** The cart's line: its subcode is RFID; a placed line: placing gave its pieces RFID tags (docs/rfid.md). */
  rfid: boolean;
  /** The factory that makes this line (the subcode's factory). */
  factoryId: number | null;
  attributes: Record<string, string>;
  careLabel: CareLabel | null;
  /** The product passport's serial and GTIN-14, written by placing for a care-labelled line (decision 0044). */
  passportSerial: string | null;
  passportGtin: string | null;
  quantity: number;
  unitPrice: string | null;
  unitCost: string | null;
  totalPrice: string;
  totalCost: string;
  /** Minimum order value of the subcode in the order's price currency, when one is set. */
  minValue: string | null;
  /** Null when the line needs no artwork. */
  artwork: {
    status: ArtworkStatus;
    artworkFinalized: boolean;
    /** Comment of the latest review. */
    comments: string | null;
    /** Newest first. */
    versions: ArtworkVersionRecord[];
  } | null;
  sizes: OrderLineSizeRecord[];
}

export interface OrderRecord {
  orderId: number;
  orderStatus: OrderStatus;
  cancelled: boolean;
  financeApproval: boolean;
  financeApprovedAt: Date | null;
  hasArtwork: boolean;
  csrArtPrepared: boolean;
  csrProductionConfirmed: boolean;
  userId: number;
  vendor: (PartyRecord & { vendorNumber: string | null }) | null;
  customer: PartyRecord | null;
  productionRegion: { id: number; name: string } | null;
  /** The order's own factory (of its first line); lines may name others. */
  factoryId: number | null;
  /** Every factory named by the order or its lines. */
  factories: FactoryRecord[];
  vendorPO: string | null;
  contact: string | null;
  email: string | null;
  phone: string | null;
  dateRequested: string | null;
  shippingAddress: string | null;
  deliveryMethod: string | null;
  deliveryAccount: string | null;
  billingAccount: string | null;
  billingAddress: string | null;
  comments: string | null;
  /** When placed; null for a cart. */
  orderDate: Date | null;
  createdAt: Date;
  estimatedCompletionDate: string | null;
  shipAndCompleteDate: Date | null;
  invoiceNumber: string | null;
  /** ISO 4217 code of prices (the vendor's currency; USD for a user without vendor). */
  priceCurrency: string;
  priceCurrencyId: number | null;
  /** ISO 4217 code of costs (the factory's currency); null before the first line. */
  costCurrency: string | null;
  totalPrice: string;
  totalCost: string;
  items: OrderLineRecord[];
  charges: {
    chargeName: string;
    subcode: string | null;
    subCodeDescription: string | null;
    charge: string;
    currency: string;
  }[];
  /** Oldest first. */
  logs: { timestamp: Date; user: string; description: string }[];
  documents: { documentId: number; kind: 'RELATED' | 'SHIPPING'; name: string }[];
  productionPurchaseOrders: {
    purchaseOrderId: number;
    productionPO: string;
    factoryId: number;
    createdAt: Date;
  }[];
  packingSlips: {
    packingSlipId: number;
    kind: 'VENDOR' | 'PRODUCTION';
    number: string;
    factoryId: number | null;
    createdAt: Date;
  }[];
}
