/**
 * A shipped order for the PDF tests and previews (ordering §7 Documents): two factories, three
 * lines (one with 40 sizes, so its table spans pages), attributes, a charge, artwork versions, a
 * production PO per factory, a vendor and a production packing slip, and a vendor whose name and
 * address are partly Chinese (not printable with Helvetica).
 */
import { lineTotal, sumAmounts } from '@selvedge/shared';
import type { ArtworkVersionRecord, OrderLineRecord, OrderRecord } from '../../modules/orders/orders.record';

export const FIXTURE_IDS = {
  orderId: 10234,
  factoryA: 11,
  factoryB: 12,
  poA: 501,
  poB: 502,
  vendorSlip: 601,
  productionSlipB: 602,
} as const;

const at = (iso: string) => new Date(iso);

function version(
  v: number,
  status: ArtworkVersionRecord['status'],
  fileName: string,
  sha256: string,
): ArtworkVersionRecord {
  return {
    versionId: 900 + v,
    version: v,
    fileName,
    contentType: 'application/pdf',
    size: 184_220,
    sha256,
    storageKey: `artwork/${sha256}`,
    uploadedByName: 'Mei Lin',
    uploadedAt: at('2026-11-20T08:15:00Z'),
    status,
    comment: status === 'REJECTED' ? 'Logo too close to the fold' : null,
    reviewedByName: status === 'UPLOADED' ? null : 'Anne CSR',
    reviewedAt: status === 'UPLOADED' ? null : at('2026-11-21T10:00:00Z'),
  };
}

type LineInput = Omit<
  OrderLineRecord,
  'quantity' | 'totalPrice' | 'totalCost' | 'passportSerial' | 'passportGtin' | 'rfid'
> &
  Partial<Pick<OrderLineRecord, 'passportSerial' | 'passportGtin' | 'rfid'>>;

/** Fills quantity and stored totals the way pricing does (unit × pieces, to cents). */
function priced(l: LineInput): OrderLineRecord {
  const quantity = l.sizes.reduce((a, s) => a + s.quantity, 0);
  const sum = (pick: 'unitPrice' | 'unitCost') =>
    sumAmounts(
      l.sizes.map((s) => {
        const unit = s[pick] ?? l[pick];
        return unit === null ? '0.00' : lineTotal(unit, s.quantity);
      }),
    );
  return {
    passportSerial: null,
    passportGtin: null,
    rfid: false,
    ...l,
    quantity,
    totalPrice: sum('unitPrice'),
    totalCost: sum('unitCost'),
  };
}

const WAISTS = [26, 27, 28, 29, 30, 31, 32, 33, 34, 36];
const LENGTHS = [28, 30, 32, 34];

/** The 40 sizes of the jeans main label: waist/length, 100 + 25·i pieces each. */
export const MAIN_LABEL_SIZES = WAISTS.flatMap((w) => LENGTHS.map((l) => `${w}/${l}`)).map((size, i) => ({
  orderItemSizeId: 3000 + i,
  productItemId: 7000 + i,
  size,
  quantity: 100 + 25 * i,
  attributesItem: { UPC: `0627${String(5500000 + i).padStart(8, '0')}` },
  unitPrice: null,
  unitCost: null,
}));

/** The order; `overrides` replace top-level fields. */
export function orderFixture(overrides: Partial<OrderRecord> = {}): OrderRecord {
  const items: OrderLineRecord[] = [
    priced({
      orderItemId: 1,
      productSubcodeId: 201,
      productSubcode: 'WL-RTS-MAIN-01',
      description:
        'Woven main label, high-definition damask, black ground with white Roots beaver logo, end-fold 50 x 15 mm, ultrasonic cut edges',
      productCode: 'WL-RTS-MAIN',
      packSize: 500,
      productType: 'STANDARD',
      poNumber: null,
      styleNumber: null,
      productImagePath: null,
      productImageType: null,
      factoryId: FIXTURE_IDS.factoryA,
      attributes: { Colour: 'Black / White', Fold: 'End fold', Material: 'Polyester damask' },
      careLabel: null,
      unitPrice: '0.1235',
      unitCost: '0.0610',
      minValue: null,
      artwork: {
        status: 'APPROVED',
        artworkFinalized: true,
        comments: null,
        versions: [
          version(
            2,
            'APPROVED',
            'roots-main-label-v2.pdf',
            'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9',
          ),
          version(
            1,
            'REJECTED',
            'roots-main-label-v1.pdf',
            '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0',
          ),
        ],
      },
      sizes: MAIN_LABEL_SIZES,
    }),
    priced({
      orderItemId: 2,
      productSubcodeId: 202,
      productSubcode: 'HT-RTS-SWING-02',
      description: 'Swing tag, 350 gsm board, matte laminate, 40 x 90 mm, drilled 5 mm hole',
      productCode: 'HT-RTS-SWING',
      packSize: 1000,
      productType: 'STANDARD',
      poNumber: null,
      styleNumber: null,
      productImagePath: null,
      productImageType: null,
      factoryId: FIXTURE_IDS.factoryA,
      attributes: { Stock: '350 gsm', Finish: 'Matte' },
      careLabel: null,
      unitPrice: '0.0875',
      unitCost: '0.0420',
      minValue: '100.00',
      artwork: {
        status: 'UPLOADED',
        artworkFinalized: false,
        comments: null,
        versions: [
          version(
            1,
            'UPLOADED',
            'swing-tag-proof.pdf',
            'bb11cc22dd33ee44ff5500667788990011223344556677889900aabbccddeeff',
          ),
        ],
      },
      sizes: [
        {
          orderItemSizeId: 4001,
          productItemId: 7101,
          size: 'S',
          quantity: 150,
          attributesItem: {},
          unitPrice: null,
          unitCost: null,
        },
        {
          orderItemSizeId: 4002,
          productItemId: 7102,
          size: 'M',
          quantity: 300,
          attributesItem: {},
          unitPrice: null,
          unitCost: null,
        },
        {
          orderItemSizeId: 4003,
          productItemId: 7103,
          size: 'L',
          quantity: 250,
          attributesItem: {},
          unitPrice: '0.0900',
          unitCost: '0.0450',
        },
      ],
    }),
    priced({
      orderItemId: 3,
      productSubcodeId: 203,
      productSubcode: 'CL-DUN-CARE-03',
      description: 'Printed care label, satin, 30 x 60 mm, 5 languages',
      productCode: 'CL-DUN-CARE',
      packSize: 250,
      productType: 'VARIABLE_DATA',
      poNumber: 'DN-PO-7781',
      styleNumber: 'ST-5521',
      productImagePath: null,
      productImageType: null,
      factoryId: FIXTURE_IDS.factoryB,
      attributes: { Fibre: '100% Cotton', Origin: 'Made in Bangladesh' },
      careLabel: null,
      unitPrice: '0.0450',
      unitCost: '0.0200',
      minValue: null,
      artwork: null,
      sizes: [
        {
          orderItemSizeId: 5001,
          productItemId: 7201,
          size: '10',
          quantity: 1200,
          attributesItem: { Barcode: '5099999000010' },
          unitPrice: null,
          unitCost: null,
        },
        {
          orderItemSizeId: 5002,
          productItemId: 7202,
          size: '12',
          quantity: 999,
          attributesItem: { Barcode: '5099999000027' },
          unitPrice: null,
          unitCost: null,
        },
      ],
    }),
  ];
  const charges = [
    {
      chargeName: 'Minimum Order Value',
      subcode: 'HT-RTS-SWING-02',
      subCodeDescription: 'Swing tag',
      charge: '38.75',
      currency: 'CAD',
    },
  ];
  return {
    orderId: FIXTURE_IDS.orderId,
    orderStatus: 'COMPLETE_AND_SHIPPED',
    cancelled: false,
    financeApproval: true,
    financeApprovedAt: at('2026-11-22T09:00:00Z'),
    hasArtwork: true,
    csrArtPrepared: true,
    csrProductionConfirmed: true,
    userId: 42,
    vendor: {
      id: 5,
      name: 'Zhōngshān Garment Co. 中山服装有限公司',
      vendorNumber: 'V-0042',
      address:
        '88 Xingzhong Road, Shiqi District\nZhōngshān, Guangdong 528400\n广东省中山市石岐区兴中道88号\nChina',
      telephone: '+86 760 8888 1234',
    },
    customer: { id: 7, name: 'Roots', address: '1400 Castlefield Avenue\nToronto ON M6B 4C4\nCanada' },
    productionRegion: { id: 3, name: 'South China' },
    factoryId: FIXTURE_IDS.factoryA,
    factories: [
      {
        id: FIXTURE_IDS.factoryA,
        name: 'Dongguan Weaving Works',
        shortCode: 'DGW',
        address: '12 Industrial Road, Humen Town\nDongguan, Guangdong 523900\nChina',
        telephone: '+86 769 8512 0000',
        currency: 'USD',
      },
      {
        id: FIXTURE_IDS.factoryB,
        name: 'Dhaka Trims Ltd',
        shortCode: 'DKT',
        address: 'Plot 14, Road 7, Tejgaon I/A\nDhaka 1208\nBangladesh',
        telephone: null,
        currency: 'USD',
      },
    ],
    vendorPO: 'VPO-88123',
    contact: 'Li Wěi',
    email: 'li.wei@zs-garment.example',
    phone: '+86 760 8888 1234',
    dateRequested: '2026-12-05',
    shippingAddress:
      'Zhōngshān Garment Co. — Receiving Dock 3\n88 Xingzhong Road, Shiqi District\nZhōngshān, Guangdong 528400, China',
    deliveryMethod: 'DHL Express',
    deliveryAccount: 'DHL 963 123 456',
    billingAccount: 'ACC-5521',
    billingAddress: 'Zhōngshān Garment Co.\nAccounts Payable\n88 Xingzhong Road, Zhōngshān, China',
    comments:
      'Please ship the main labels and the swing tags together. Care labels may follow separately. Call Li Wěi before delivery — dock closes at 17:00.',
    orderDate: at('2026-11-18T03:20:00Z'),
    createdAt: at('2026-11-17T11:00:00Z'),
    estimatedCompletionDate: '2026-12-01',
    shipAndCompleteDate: at('2026-12-03T06:00:00Z'),
    invoiceNumber: 'INV-2026-0912',
    priceCurrency: 'CAD',
    priceCurrencyId: 2,
    costCurrency: 'USD',
    totalPrice: sumAmounts([...items.map((l) => l.totalPrice), ...charges.map((c) => c.charge)]),
    totalCost: sumAmounts(items.map((l) => l.totalCost)),
    items,
    charges,
    logs: [],
    documents: [],
    productionPurchaseOrders: [
      {
        purchaseOrderId: FIXTURE_IDS.poA,
        productionPO: 'PPO-10234-DGW',
        factoryId: FIXTURE_IDS.factoryA,
        createdAt: at('2026-11-22T09:05:00Z'),
      },
      {
        purchaseOrderId: FIXTURE_IDS.poB,
        productionPO: 'PPO-10234-DKT',
        factoryId: FIXTURE_IDS.factoryB,
        createdAt: at('2026-11-22T09:05:00Z'),
      },
    ],
    packingSlips: [
      {
        packingSlipId: FIXTURE_IDS.vendorSlip,
        kind: 'VENDOR',
        number: 'VPS-10234',
        factoryId: null,
        createdAt: at('2026-12-03T06:00:00Z'),
      },
      {
        packingSlipId: FIXTURE_IDS.productionSlipB,
        kind: 'PRODUCTION',
        number: 'PPS-10234-DKT',
        factoryId: FIXTURE_IDS.factoryB,
        createdAt: at('2026-12-03T06:00:00Z'),
      },
    ],
    ...overrides,
  };
}
