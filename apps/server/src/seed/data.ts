/**
 * The tables behind the demo data (seed/demo.ts). Plain data, no I/O: the master data a label and
 * trim supplier would keep (currencies, regions, customers, vendors, factories, products with tiers)
 * and the plan of the placed orders (age, vendor, customer, status). demo.ts turns them into rows.
 * All amounts are decimal strings and are derived with decimal.js, never binary floats.
 */

import {
  type CareInstructionType,
  type CareLabel,
  type CareListKind,
  type CareMarket,
  type CareNameOptionKind,
  gtin14Of,
  toFixedAmount,
} from '@selvedge/shared';
import Decimal from 'decimal.js';

export const DEMO_PASSWORD = 'selvedge-demo-2026';

// ---------------------------------------------------------------- reference data

export type CurrencyCode = 'CAD' | 'USD' | 'EUR' | 'GBP';

/** Inserted in this order: CAD is id 1 (the default currency, master-data §9). */
export const CURRENCIES: readonly { code: CurrencyCode; name: string }[] = [
  { code: 'CAD', name: 'Canadian Dollar' },
  { code: 'USD', name: 'US Dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'GBP', name: 'Pound Sterling' },
];

/** Prices are set in USD and converted at these book rates (a supplier's price list, not the market). */
const RATE: Record<CurrencyCode, string> = { USD: '1', CAD: '1.36', EUR: '0.92', GBP: '0.79' };

/** Inserted in this order: Bangladesh is id 1 (the default factory region, master-data §9). */
export const REGIONS = ['Bangladesh', 'China', 'India', 'Vietnam', 'Sri Lanka'] as const;
export type RegionName = (typeof REGIONS)[number];

export const PRODUCT_GROUPS = [
  { value: 'WOVEN_LABELS', displayName: 'Woven Labels' },
  { value: 'HANG_TAGS', displayName: 'Hang Tags' },
  { value: 'CARE_LABELS', displayName: 'Care Labels' },
  { value: 'PRICE_TICKETS', displayName: 'Price Tickets' },
  { value: 'STICKERS', displayName: 'Stickers' },
  { value: 'HEAT_TRANSFERS', displayName: 'Heat Transfers' },
  { value: 'VARIABLE_DATA', displayName: 'Variable Data' },
] as const;
export type ProductGroupValue = (typeof PRODUCT_GROUPS)[number]['value'];

export const PRODUCT_SUBGROUPS = [
  'Main Labels',
  'Size Labels',
  'Brand Tags',
  'Swing Tickets',
  'Care Instructions',
  'Retail Price Tickets',
  'Barcode Stickers',
  'Packaging Stickers',
  'Neck Transfers',
] as const;
type Subgroup = (typeof PRODUCT_SUBGROUPS)[number];

/** Product codes and the product group their items belong to. */
export const PRODUCT_CODES = {
  WL: 'WOVEN_LABELS',
  HT: 'HANG_TAGS',
  CL: 'CARE_LABELS',
  PT: 'PRICE_TICKETS',
  ST: 'STICKERS',
  TF: 'HEAT_TRANSFERS',
} as const satisfies Record<string, ProductGroupValue>;
export type ProductCode = keyof typeof PRODUCT_CODES;

export const SHIPPING_METHODS = [
  'DHL Express',
  'FedEx International Priority',
  'UPS Worldwide Saver',
  'Sea freight (consolidated)',
] as const;

export const WAREHOUSES = [
  {
    warehouseName: 'Roots Distribution Centre',
    contactName: 'Megan Chu',
    email: 'dc.receiving@roots.example.com',
    telephone: '+1 905-555-0142',
    address: '120 Logistics Drive, Vaughan, ON L4K 5W3, Canada',
    preferredShippingMethod: 'FedEx International Priority',
  },
  {
    warehouseName: 'Dunnes Stores Central Warehouse',
    contactName: 'Ciarán Walsh',
    email: 'goodsin@dunnes.example.com',
    telephone: '+353 1 555 0198',
    address: 'Unit 7, Ballymount Industrial Estate, Dublin 12, D12 K8P4, Ireland',
    preferredShippingMethod: 'DHL Express',
  },
  {
    warehouseName: 'Northwind West Coast DC',
    contactName: 'Rosa Delgado',
    email: 'inbound@northwind.example.com',
    telephone: '+1 503-555-0117',
    address: '2200 NW Harbor Way, Portland, OR 97209, USA',
    preferredShippingMethod: 'UPS Worldwide Saver',
  },
  {
    warehouseName: 'Selvedge Hong Kong Consolidation Hub',
    contactName: 'Kelvin Lam',
    email: 'hk.hub@selvedge.example.com',
    telephone: '+852 5550 3321',
    address: '18/F, Kwai Chung Logistics Centre, 1 Kwai On Road, Kwai Chung, Hong Kong',
    preferredShippingMethod: 'Sea freight (consolidated)',
  },
] as const;

export type CustomerKey = 'roots' | 'dunnes' | 'northwind';

export const CUSTOMERS: readonly {
  key: CustomerKey;
  companyName: string;
  parserType: 'NONE' | 'FLAT_FILE' | 'DELIMITED_ROOTS';
  warehouse: string;
  specialInstructionsLimit: number;
  copyrightShow: boolean;
  fabricCompositionShow: boolean;
  /** Currencies its subcodes are priced in: every currency of a vendor that buys for it. */
  priceCurrencies: readonly CurrencyCode[];
  defaults: Record<string, string>;
  /** Subcode prefix. */
  prefix: string;
  /** GS1 Company Prefix of the customer's GTINs (RFID, docs/rfid.md). */
  gs1CompanyPrefix?: string;
  /** Care-label lists (by CARE_LISTS name) and settings (master-data §3 Customer; decision 0041). */
  care?: CustomerCare;
}[] = [
  {
    key: 'roots',
    companyName: 'Roots',
    parserType: 'DELIMITED_ROOTS',
    warehouse: 'Roots Distribution Centre',
    specialInstructionsLimit: 2,
    copyrightShow: true,
    fabricCompositionShow: true,
    priceCurrencies: ['CAD', 'USD'],
    defaults: { VARIABLE_DATA_STYLE_NUMBER_REQUIRED: 'true' },
    prefix: 'RT',
    // The GS1 Company Prefix of the sample file's UPC-A barcodes (062040…): RFID (docs/rfid.md).
    gs1CompanyPrefix: '0062040',
    care: {
      lists: {
        'country-of-origin': 'Roots origins',
        'caution-maintenance': 'Roots caution (EN/FR)',
        'special-instruction': 'Roots special care',
        'fabric-composition': 'Roots fabrics',
        'care-instruction': 'Roots care symbols',
      },
      countryOfOriginRequired: true,
      specialInstructionsRequired: false,
      markets: ['CA', 'US'],
      caNumber: '15322',
      rnNumber: '93512',
    },
  },
  {
    key: 'dunnes',
    companyName: 'Dunnes Stores',
    parserType: 'FLAT_FILE',
    warehouse: 'Dunnes Stores Central Warehouse',
    specialInstructionsLimit: 3,
    copyrightShow: false,
    fabricCompositionShow: true,
    priceCurrencies: ['EUR', 'GBP', 'USD', 'CAD'],
    defaults: { VARIABLE_DATA_STYLE_NUMBER_REQUIRED: 'false' },
    prefix: 'DS',
    care: {
      lists: {
        'country-of-origin': 'Dunnes origins',
        'caution-maintenance': 'Dunnes caution',
        'special-instruction': 'Dunnes special care',
        'fabric-composition': 'Dunnes fabrics (EU names)',
        'care-code': 'Dunnes care codes',
      },
      countryOfOriginRequired: true,
      specialInstructionsRequired: false,
      markets: ['EU'],
      caNumber: null,
      rnNumber: null,
    },
  },
  {
    key: 'northwind',
    companyName: 'Northwind Outfitters',
    parserType: 'NONE',
    warehouse: 'Northwind West Coast DC',
    specialInstructionsLimit: 0,
    copyrightShow: false,
    fabricCompositionShow: false,
    priceCurrencies: ['USD', 'EUR'],
    defaults: {},
    prefix: 'NW',
  },
];

// ---------------------------------------------------------------- care-label options and lists

/** A customer's care-label lists (CARE_LISTS names by kind) and settings. */
export interface CustomerCare {
  lists: Partial<Record<CareListKind, string>>;
  countryOfOriginRequired: boolean;
  specialInstructionsRequired: boolean;
  markets: CareMarket[];
  caNumber: string | null;
  rnNumber: string | null;
}

/** Name-only care options by kind (master-data §2 Care labels page, Options tab). */
export const CARE_NAME_OPTIONS: Record<CareNameOptionKind, readonly string[]> = {
  'country-of-origin': [
    'Bangladesh',
    'Cambodia',
    'Canada',
    'China',
    'India',
    'Portugal',
    'Sri Lanka',
    'Turkey',
    'Vietnam',
  ],
  'caution-maintenance': [
    'Wash dark colours separately / Laver les couleurs foncées séparément',
    'Wash inside out / Laver à l’envers',
    'Do not use fabric softener / Ne pas utiliser d’assouplissant',
    'Reshape while damp / Remettre en forme humide',
    'Wash with similar colours',
    'Colour may transfer when new',
  ],
  'special-instruction': [
    'Remove hood before washing',
    'Close zips before washing',
    'Do not wring',
    'Wash before wearing',
    'Keep away from fire',
  ],
  'component-type': ['Shell', 'Lining', 'Body', 'Trim', 'Rib', 'Pocketing', 'Fill'],
  material: [
    'Cotton',
    'Organic cotton',
    'Polyester',
    'Recycled polyester',
    'Elastane',
    'Nylon',
    'Polyamide',
    'Wool',
    'Viscose',
    'Linen',
    'Acrylic',
    'Modal',
    'Down',
    'Feather',
  ],
};

/** Care codes (code and text), Dunnes Stores' by-code labels. */
export const CARE_CODES: readonly { code: string; text: string }[] = [
  {
    code: 'DS01',
    text: 'Machine wash 40°C normal, do not bleach, tumble dry low, iron medium, do not dry clean',
  },
  {
    code: 'DS02',
    text: 'Machine wash 30°C gentle, do not bleach, do not tumble dry, dry flat, iron low, dry clean P',
  },
  {
    code: 'DS03',
    text: 'Hand wash only, do not bleach, do not tumble dry, dry flat, do not iron, do not dry clean',
  },
  { code: 'DS04', text: 'Machine wash 60°C, non-chlorine bleach, tumble dry normal, iron high, dry clean P' },
];

/** Care instructions by type (display name, CARE_SYMBOLS icon, sort key). */
export const CARE_INSTRUCTIONS: readonly {
  type: CareInstructionType;
  displayName: string;
  icon: string;
  sortKey: number;
}[] = [
  { type: 'WASH', displayName: 'Machine wash cold 30°C', icon: 'wash-30', sortKey: 1 },
  { type: 'WASH', displayName: 'Machine wash warm 40°C', icon: 'wash-40', sortKey: 2 },
  { type: 'WASH', displayName: 'Machine wash 30°C gentle', icon: 'wash-30-mild', sortKey: 3 },
  { type: 'WASH', displayName: 'Hand wash', icon: 'wash-hand', sortKey: 4 },
  { type: 'WASH', displayName: 'Do not wash', icon: 'wash-do-not', sortKey: 5 },
  { type: 'BLEACH', displayName: 'Non-chlorine bleach when needed', icon: 'bleach-non-chlorine', sortKey: 1 },
  { type: 'BLEACH', displayName: 'Do not bleach', icon: 'bleach-do-not', sortKey: 2 },
  { type: 'DRY', displayName: 'Tumble dry low', icon: 'tumble-dry-low', sortKey: 1 },
  { type: 'DRY', displayName: 'Line dry', icon: 'dry-line', sortKey: 2 },
  { type: 'DRY', displayName: 'Dry flat', icon: 'dry-flat', sortKey: 3 },
  { type: 'DRY', displayName: 'Do not tumble dry', icon: 'tumble-dry-do-not', sortKey: 4 },
  { type: 'IRON', displayName: 'Iron low', icon: 'iron-low', sortKey: 1 },
  { type: 'IRON', displayName: 'Iron medium', icon: 'iron-medium', sortKey: 2 },
  { type: 'IRON', displayName: 'Do not iron', icon: 'iron-do-not', sortKey: 3 },
  { type: 'DRYCLEAN', displayName: 'Dry clean', icon: 'professional-p', sortKey: 1 },
  { type: 'DRYCLEAN', displayName: 'Do not dry clean', icon: 'professional-dry-do-not', sortKey: 2 },
];

/**
 * Named care lists and their members: a name option by its name, a care code by its code, a care
 * instruction as 'TYPE:displayName'; a fabric composition list's members are component types and
 * materials (by name, each name belongs to exactly one of the two kinds).
 */
export const CARE_LISTS: readonly { kind: CareListKind; name: string; members: readonly string[] }[] = [
  {
    kind: 'country-of-origin',
    name: 'Roots origins',
    members: ['Bangladesh', 'Cambodia', 'Canada', 'China', 'Vietnam'],
  },
  {
    kind: 'caution-maintenance',
    name: 'Roots caution (EN/FR)',
    members: [
      'Wash dark colours separately / Laver les couleurs foncées séparément',
      'Wash inside out / Laver à l’envers',
      'Do not use fabric softener / Ne pas utiliser d’assouplissant',
      'Reshape while damp / Remettre en forme humide',
    ],
  },
  {
    kind: 'special-instruction',
    name: 'Roots special care',
    members: ['Remove hood before washing', 'Close zips before washing'],
  },
  {
    kind: 'fabric-composition',
    name: 'Roots fabrics',
    members: [
      'Shell',
      'Lining',
      'Body',
      'Rib',
      'Fill',
      'Cotton',
      'Organic cotton',
      'Polyester',
      'Recycled polyester',
      'Elastane',
      'Nylon',
      'Wool',
      'Down',
      'Feather',
    ],
  },
  {
    kind: 'care-instruction',
    name: 'Roots care symbols',
    members: [
      'WASH:Machine wash cold 30°C',
      'WASH:Machine wash warm 40°C',
      'WASH:Hand wash',
      'BLEACH:Non-chlorine bleach when needed',
      'BLEACH:Do not bleach',
      'DRY:Tumble dry low',
      'DRY:Line dry',
      'DRY:Dry flat',
      'IRON:Iron low',
      'IRON:Do not iron',
      'DRYCLEAN:Dry clean',
      'DRYCLEAN:Do not dry clean',
    ],
  },
  {
    kind: 'country-of-origin',
    name: 'Dunnes origins',
    members: ['Bangladesh', 'India', 'Portugal', 'Sri Lanka', 'Turkey'],
  },
  {
    kind: 'caution-maintenance',
    name: 'Dunnes caution',
    members: ['Wash with similar colours', 'Colour may transfer when new'],
  },
  {
    kind: 'special-instruction',
    name: 'Dunnes special care',
    members: ['Do not wring', 'Wash before wearing', 'Keep away from fire'],
  },
  {
    kind: 'fabric-composition',
    name: 'Dunnes fabrics (EU names)',
    members: [
      'Body',
      'Lining',
      'Trim',
      'Cotton',
      'Polyester',
      'Elastane',
      'Polyamide',
      'Viscose',
      'Linen',
      'Modal',
    ],
  },
  { kind: 'care-code', name: 'Dunnes care codes', members: ['DS01', 'DS02', 'DS03', 'DS04'] },
];

/**
 * The GTIN-14 of the garment each care-label subcode's labels go into (the product passport's key,
 * decision 0044): GS1 prefix 20, a restricted-circulation number (GS1 General Specifications §2.1.11),
 * so no demo GTIN can be a real product's.
 */
export const DEMO_GTINS: Readonly<Record<string, string>> = {
  'RT-CL-301': gtin14Of('0200000003010'),
  // Roots Kids is RFID: its garment GTIN belongs to Roots' GS1 Company Prefix 0062040.
  'RT-CL-305': gtin14Of('0006204003050'),
  'DS-CL-310': gtin14Of('0200000003100'),
  'DS-CL-312': gtin14Of('0200000003120'),
};

/**
 * The care label every demo order line of a care-label subcode carries (what the vendor chose in the
 * editor), by subcode: valid against its customer's care configuration above (the seed judges each
 * one with the cart's own check and fixes its printed part, so a change here that breaks a rule
 * fails the seed). RT-CL-301 is a down jacket's label: qualified fibres, down and feather.
 */
export const DEMO_CARE_LABELS: Readonly<Record<string, Omit<CareLabel, 'printed'>>> = {
  'RT-CL-301': {
    type: 'CARELABEL_STANDARD',
    countryOfOrigins: ['Vietnam'],
    wash: 'Machine wash cold 30°C',
    bleach: 'Do not bleach',
    dry: 'Tumble dry low',
    iron: 'Do not iron',
    dryClean: 'Dry clean',
    cautionMaintenance: 'Wash inside out / Laver à l’envers',
    copyright: 'Roots Corporation',
    garmentComponents: [
      { componentType: 'Shell', fabricCompositions: [{ material: 'Recycled polyester', percentage: 100 }] },
      {
        componentType: 'Fill',
        fabricCompositions: [
          { material: 'Down', percentage: 80 },
          { material: 'Feather', percentage: 20 },
        ],
      },
    ],
    specialInstructions: ['Close zips before washing'],
  },
  'RT-CL-305': {
    type: 'CARELABEL_STANDARD',
    countryOfOrigins: ['Bangladesh'],
    wash: 'Machine wash cold 30°C',
    bleach: 'Do not bleach',
    dry: 'Tumble dry low',
    iron: 'Iron low',
    dryClean: 'Do not dry clean',
    cautionMaintenance: 'Wash dark colours separately / Laver les couleurs foncées séparément',
    copyright: 'Roots Corporation',
    garmentComponents: [
      {
        componentType: 'Body',
        fabricCompositions: [
          { material: 'Organic cotton', percentage: 95 },
          { material: 'Elastane', percentage: 5 },
        ],
      },
    ],
    specialInstructions: ['Remove hood before washing'],
  },
  'DS-CL-310': {
    type: 'CARELABEL_BY_CODE',
    countryOfOrigins: ['Sri Lanka'],
    instructionCode: {
      codeName: 'DS01',
      codeText: 'Machine wash 40°C normal, do not bleach, tumble dry low, iron medium, do not dry clean',
    },
    cautionMaintenance: 'Wash with similar colours',
    garmentComponents: [
      {
        componentType: 'Body',
        fabricCompositions: [
          { material: 'Cotton', percentage: 60 },
          { material: 'Polyester', percentage: 40 },
        ],
      },
    ],
  },
  'DS-CL-312': {
    type: 'CARELABEL_BY_CODE',
    countryOfOrigins: ['India'],
    instructionCode: {
      codeName: 'DS02',
      codeText: 'Machine wash 30°C gentle, do not bleach, do not tumble dry, dry flat, iron low, dry clean P',
    },
    garmentComponents: [
      {
        componentType: 'Body',
        fabricCompositions: [
          { material: 'Viscose', percentage: 95 },
          { material: 'Elastane', percentage: 5 },
        ],
      },
    ],
  },
};

// ---------------------------------------------------------------- vendors and factories

export type VendorKey = 'dhaka' | 'saigon' | 'colombo' | 'ningbo' | 'tiruppur';

export interface VendorRow {
  key: VendorKey;
  companyName: string;
  vendorNumber: string;
  currency: CurrencyCode;
  customers: readonly CustomerKey[];
  billingAddress: string;
  billingAccountNumber: string;
  preferredShippingMethod: string;
  deliveryAccountNumber: string;
  /** Saved shipping addresses: short name → full address (≤ 255 characters). */
  shippingAddresses: readonly { optionName: string; address: string }[];
  /** Vendor-PO format of this vendor, from a running number. */
  po: (n: number, yy: string) => string;
}

export const VENDORS: readonly VendorRow[] = [
  {
    key: 'dhaka',
    companyName: 'Dhaka Knitwear Ltd.',
    vendorNumber: '4410023',
    currency: 'CAD',
    customers: ['roots', 'dunnes'],
    billingAddress:
      'Dhaka Knitwear Ltd., Accounts Payable, House 42, Road 11, Banani, Dhaka 1213, Bangladesh',
    billingAccountNumber: 'SLV-AR-10482',
    preferredShippingMethod: 'DHL Express',
    deliveryAccountNumber: 'DHL 961204587',
    shippingAddresses: [
      {
        optionName: 'Gazipur Plant',
        address:
          'Dhaka Knitwear Ltd., Plot 14-17, BSCIC Industrial Estate, Konabari, Gazipur 1751, Bangladesh. Attn: Trims Store, Mr. Rafiqul Islam, +880 1711-402233',
      },
      {
        optionName: 'Ashulia Unit 2',
        address:
          'Dhaka Knitwear Ltd. Unit 2, Jamgora, Ashulia, Savar, Dhaka 1349, Bangladesh. Attn: Store In-charge, +880 1819-550417',
      },
      {
        optionName: 'Head Office',
        address:
          'Dhaka Knitwear Ltd., House 42, Road 11, Banani, Dhaka 1213, Bangladesh. Attn: Merchandising Dept.',
      },
    ],
    po: (n, yy) => `DKL-PO-${yy}${String(n).padStart(4, '0')}`,
  },
  {
    key: 'saigon',
    companyName: 'Saigon Apparel Co.',
    vendorNumber: '5520871',
    currency: 'USD',
    customers: ['roots'],
    billingAddress:
      'Saigon Apparel Co., Finance Dept., 27 Nguyen Van Linh, Tan Phong Ward, District 7, Ho Chi Minh City, Vietnam',
    billingAccountNumber: 'SLV-AR-20917',
    preferredShippingMethod: 'FedEx International Priority',
    deliveryAccountNumber: 'FedEx 7734-1190-2',
    shippingAddresses: [
      {
        optionName: 'Binh Duong Factory',
        address:
          'Saigon Apparel Co., Lot C-12, VSIP II Industrial Park, Hoa Phu Ward, Thu Dau Mot, Binh Duong, Vietnam. Attn: Accessories Warehouse',
      },
      {
        optionName: 'Long An Warehouse',
        address:
          'Saigon Apparel Co. Warehouse, Lot 5, Tan Kim Industrial Park, Can Giuoc, Long An, Vietnam. Attn: Receiving, +84 90 555 2178',
      },
    ],
    po: (n) => `SAC${String(11800 + n)}`,
  },
  {
    key: 'colombo',
    companyName: 'Colombo Apparel (Pvt) Ltd.',
    vendorNumber: '6630418',
    currency: 'EUR',
    customers: ['dunnes', 'northwind'],
    billingAddress: 'Colombo Apparel (Pvt) Ltd., 114 Negombo Road, Wattala 11300, Sri Lanka',
    billingAccountNumber: 'SLV-AR-31066',
    preferredShippingMethod: 'DHL Express',
    deliveryAccountNumber: 'DHL 958330142',
    shippingAddresses: [
      {
        optionName: 'Biyagama Plant',
        address:
          'Colombo Apparel (Pvt) Ltd., Block B, Biyagama Export Processing Zone, Walgama, Malwana 11670, Sri Lanka. Attn: Trims Stores',
      },
      {
        optionName: 'Wattala HQ',
        address:
          'Colombo Apparel (Pvt) Ltd., 114 Negombo Road, Wattala 11300, Sri Lanka. Attn: Sampling Room',
      },
    ],
    po: (n, yy) => `CAL/${yy}/${String(300 + n)}`,
  },
  {
    key: 'ningbo',
    companyName: 'Ningbo Garment Group',
    vendorNumber: '7741205',
    currency: 'USD',
    customers: ['roots', 'northwind'],
    billingAddress:
      'Ningbo Garment Group Co., Ltd., 88 Zhongshan East Road, Haishu District, Ningbo, Zhejiang 315000, China',
    billingAccountNumber: 'SLV-AR-40233',
    preferredShippingMethod: 'UPS Worldwide Saver',
    deliveryAccountNumber: 'UPS 8W4-19X',
    shippingAddresses: [
      {
        optionName: 'Beilun Factory',
        address:
          'Ningbo Garment Group, No. 9 Building, 1266 Mingzhou Road, Beilun District, Ningbo, Zhejiang 315800, China. Attn: Ms. Chen (Accessories)',
      },
      {
        optionName: 'Yinzhou Finishing',
        address:
          'Ningbo Garment Group Finishing Centre, 51 Qiming Road, Yinzhou District, Ningbo, Zhejiang 315100, China',
      },
      {
        optionName: 'Shanghai Office',
        address:
          'Ningbo Garment Group, Room 1203, 500 Zhangyang Road, Pudong New Area, Shanghai 200122, China',
      },
    ],
    po: (n) => `NGG-${String(52000 + n)}`,
  },
  {
    key: 'tiruppur',
    companyName: 'Tiruppur Knit Exports',
    vendorNumber: '8852096',
    currency: 'GBP',
    customers: ['dunnes'],
    billingAddress:
      'Tiruppur Knit Exports Pvt. Ltd., 14 Kumar Nagar South, Avinashi Road, Tiruppur, Tamil Nadu 641603, India',
    billingAccountNumber: 'SLV-AR-50871',
    preferredShippingMethod: 'FedEx International Priority',
    deliveryAccountNumber: 'FedEx 6120-4471-9',
    shippingAddresses: [
      {
        optionName: 'Avinashi Road Unit',
        address:
          'Tiruppur Knit Exports Pvt. Ltd., 14 Kumar Nagar South, Avinashi Road, Tiruppur, Tamil Nadu 641603, India. Attn: Trims Section',
      },
      {
        optionName: 'Palladam Unit',
        address:
          'Tiruppur Knit Exports Unit III, SF No. 212, Palladam Road, Veerapandi, Tiruppur, Tamil Nadu 641605, India',
      },
    ],
    po: (n, yy) => `TKE-${yy}-${String(700 + n)}`,
  },
];

export type FactoryCode = 'DHK' | 'CTG' | 'SZN' | 'NGB' | 'TUP' | 'HCM' | 'CMB';

export const FACTORIES: readonly {
  shortCode: FactoryCode;
  name: string;
  region: RegionName;
  currency: CurrencyCode;
  address: string;
  telephone: string;
}[] = [
  {
    shortCode: 'DHK',
    name: 'Selvedge Dhaka Weaving',
    region: 'Bangladesh',
    currency: 'USD',
    address: 'Plot 31, Dhaka Export Processing Zone, Savar, Dhaka 1349, Bangladesh',
    telephone: '+880 2-7790-5512',
  },
  {
    shortCode: 'CTG',
    name: 'Selvedge Chattogram Print & Trim',
    region: 'Bangladesh',
    currency: 'EUR',
    address: 'Sector 4, Chittagong Export Processing Zone, South Halishahar, Chattogram 4223, Bangladesh',
    telephone: '+880 31-274-0086',
  },
  {
    shortCode: 'SZN',
    name: 'Selvedge Shenzhen Label Works',
    region: 'China',
    currency: 'USD',
    address: "6/F, Block A, Huafeng Industrial Park, Bao'an District, Shenzhen, Guangdong 518101, China",
    telephone: '+86 755 5550 8841',
  },
  {
    shortCode: 'NGB',
    name: 'Selvedge Ningbo Tag & Ticket',
    region: 'China',
    currency: 'CAD',
    address: '77 Xinghai South Road, Ningbo Free Trade Zone, Ningbo, Zhejiang 315800, China',
    telephone: '+86 574 5550 2290',
  },
  {
    shortCode: 'TUP',
    name: 'Selvedge Tiruppur Trims',
    region: 'India',
    currency: 'USD',
    address: '41 SIDCO Industrial Estate, Mudalipalayam, Tiruppur, Tamil Nadu 641606, India',
    telephone: '+91 421 555 0347',
  },
  {
    shortCode: 'HCM',
    name: 'Selvedge Saigon Labels',
    region: 'Vietnam',
    currency: 'USD',
    address: 'Lot 19, Road 6, Tan Thuan Export Processing Zone, District 7, Ho Chi Minh City, Vietnam',
    telephone: '+84 28 5555 0912',
  },
  {
    shortCode: 'CMB',
    name: 'Selvedge Colombo Trims',
    region: 'Sri Lanka',
    currency: 'GBP',
    address: '22 Katunayake Export Processing Zone, Katunayake 11450, Sri Lanka',
    telephone: '+94 11 555 2764',
  },
];

/** Cost currencies of a factory's subcodes: its own, and USD (CAD for a USD factory). */
export function costCurrencies(factory: FactoryCode): CurrencyCode[] {
  const own = FACTORIES.find((f) => f.shortCode === factory)!.currency;
  return own === 'USD' ? ['USD', 'CAD'] : [own, 'USD'];
}

// ---------------------------------------------------------------- attribute schemas

export type SchemaKey = 'threadColour' | 'rootsWoven' | 'rootsTag' | 'dunnesStyle';

/** Fields and options kept sorted (master-data §3 Attribute schema). */
export const ATTRIBUTE_SCHEMAS: readonly {
  key: SchemaKey;
  name: string;
  global: boolean;
  customer: CustomerKey | null;
  productGroup: ProductGroupValue | null;
  attributeFields: { name: string; type: 'STRING' | 'DROPDOWN'; options: string[] }[];
}[] = [
  {
    key: 'threadColour',
    name: 'Thread Colour',
    global: true,
    customer: null,
    productGroup: 'WOVEN_LABELS',
    attributeFields: [
      { name: 'Thread Colour', type: 'DROPDOWN', options: ['Black', 'Navy', 'Red', 'White'] },
    ],
  },
  {
    key: 'rootsWoven',
    name: 'Roots Woven Label',
    global: false,
    customer: 'roots',
    productGroup: 'WOVEN_LABELS',
    attributeFields: [
      { name: 'Style Name', type: 'STRING', options: [] },
      { name: 'Thread Colour', type: 'DROPDOWN', options: ['Black', 'Forest Green', 'Navy', 'White'] },
    ],
  },
  {
    key: 'rootsTag',
    name: 'Roots Hang Tag',
    global: false,
    customer: 'roots',
    productGroup: 'HANG_TAGS',
    attributeFields: [{ name: 'String Colour', type: 'DROPDOWN', options: ['Black', 'Natural'] }],
  },
  {
    key: 'dunnesStyle',
    name: 'Dunnes Style Details',
    global: false,
    customer: 'dunnes',
    productGroup: null,
    attributeFields: [
      { name: 'Department', type: 'DROPDOWN', options: ['Childrenswear', 'Menswear', 'Womenswear'] },
      { name: 'Style Number', type: 'STRING', options: [] },
    ],
  },
];

/** Sample values for STRING attributes on demo order lines. */
export const STRING_ATTRIBUTE_SAMPLES: Record<string, readonly string[]> = {
  'Style Name': [
    'Cooper Hoodie',
    'Heritage Crew',
    'Salt & Pepper Sweatpant',
    'Kids Original Hoodie',
    'Park Slim Tee',
  ],
  'Style Number': ['DS-482113', 'DS-510274', 'DS-377820', 'DS-619045'],
};

// ---------------------------------------------------------------- product subcodes

const ALPHA = ['XS', 'S', 'M', 'L', 'XL'];
const ALPHA_XXL = [...ALPHA, 'XXL'];
const ONE = ['One Size'];
const KIDS = ['2', '4', '6', '8', '10', '12'];
const UK_WOMEN = ['8', '10', '12', '14', '16', '18'];

export interface SubcodeRow {
  productSubcode: string;
  customer: CustomerKey;
  factory: FactoryCode;
  productCode: ProductCode;
  subgroup: Subgroup;
  description: string;
  sizes: readonly string[];
  packSize: number;
  /** A multiple of packSize. */
  minOrderQuantity: number;
  /** Unit price at quantity 1 in USD; other currencies at the book rate. */
  basePrice: string;
  /** Tier quantities (the first is 1). */
  breaks: readonly number[];
  artworkRequired: boolean;
  fulfillmentProcess: 'NONE' | 'PICK_AND_PACK' | 'MAKE_AND_SHIP' | 'BUILD';
  schema?: SchemaKey;
  /** Minimum order value in USD (converted and rounded to whole units per currency). */
  minValueUsd?: string;
  /** Stocked by the supplier (restockable). */
  inventory?: boolean;
  sustainable?: boolean;
  /** Sizes offered but inactive. */
  inactiveSizes?: readonly string[];
  /** Range of packs per size on demo orders. */
  packsPerSize: readonly [number, number];
  /** The subcode's items are care labels of this type (decision 0041). */
  careLabelType?: 'CARELABEL_STANDARD' | 'CARELABEL_BY_CODE';
  /** Every piece gets an RFID EPC (docs/rfid.md); its sizes get GTINs of the customer's prefix. */
  rfid?: boolean;
}

const STD = [1, 1000, 5000, 10000] as const;
const SMALL = [1, 500, 2500, 10000] as const;
const BULK = [1, 5000, 20000, 50000] as const;

/** The subcode the browser journey orders (DEMO_FACTS.orderableSubcode). */
const ORDERABLE = 'RT-WL-101';

export const SUBCODES: readonly SubcodeRow[] = [
  // Roots
  {
    productSubcode: ORDERABLE,
    customer: 'roots',
    factory: 'DHK',
    productCode: 'WL',
    subgroup: 'Main Labels',
    description: 'Roots main label, beaver logo, damask woven, 25 x 70 mm, end-fold',
    sizes: ['S', 'M', 'L'],
    packSize: 50,
    minOrderQuantity: 100,
    basePrice: '0.0625',
    breaks: [1, 1000, 5000],
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    packsPerSize: [2, 40],
  },
  {
    productSubcode: 'RT-WL-102',
    customer: 'roots',
    factory: 'DHK',
    productCode: 'WL',
    subgroup: 'Size Labels',
    description: 'Roots size tab, taffeta woven, 15 x 20 mm, centre-fold',
    sizes: ALPHA_XXL,
    packSize: 100,
    minOrderQuantity: 500,
    basePrice: '0.0300',
    breaks: STD,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    inactiveSizes: ['XXL'],
    packsPerSize: [5, 30],
  },
  {
    productSubcode: 'RT-WL-115',
    customer: 'roots',
    factory: 'HCM',
    productCode: 'WL',
    subgroup: 'Main Labels',
    description: 'Roots Kids main label, satin woven, 20 x 50 mm, loop-fold',
    sizes: KIDS,
    packSize: 50,
    minOrderQuantity: 200,
    basePrice: '0.0600',
    breaks: STD,
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    schema: 'rootsWoven',
    packsPerSize: [4, 30],
  },
  {
    productSubcode: 'RT-HT-201',
    customer: 'roots',
    factory: 'SZN',
    productCode: 'HT',
    subgroup: 'Brand Tags',
    description: 'Roots heritage hang tag, 400 gsm recycled kraft, 50 x 90 mm, cotton string',
    sizes: ONE,
    packSize: 250,
    minOrderQuantity: 500,
    basePrice: '0.1400',
    breaks: STD,
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    sustainable: true,
    rfid: true,
    packsPerSize: [2, 50],
  },
  {
    productSubcode: 'RT-HT-205',
    customer: 'roots',
    factory: 'SZN',
    productCode: 'HT',
    subgroup: 'Brand Tags',
    description: 'Roots Cooper Canoe hang tag, 2-ply board with gold foil, 55 x 100 mm',
    sizes: ONE,
    packSize: 250,
    minOrderQuantity: 500,
    basePrice: '0.1900',
    breaks: SMALL,
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    schema: 'rootsTag',
    minValueUsd: '180',
    packsPerSize: [2, 8],
  },
  {
    productSubcode: 'RT-CL-301',
    customer: 'roots',
    factory: 'HCM',
    productCode: 'CL',
    subgroup: 'Care Instructions',
    description: 'Roots care label, printed satin, 2 sides, EN/FR, 30 x 80 mm',
    sizes: ALPHA,
    packSize: 500,
    minOrderQuantity: 500,
    basePrice: '0.0280',
    breaks: STD,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    careLabelType: 'CARELABEL_STANDARD',
    packsPerSize: [1, 8],
  },
  {
    productSubcode: 'RT-CL-305',
    customer: 'roots',
    factory: 'DHK',
    productCode: 'CL',
    subgroup: 'Care Instructions',
    description: 'Roots Kids care label, nylon taffeta, EN/FR, 25 x 60 mm',
    sizes: KIDS,
    packSize: 500,
    minOrderQuantity: 500,
    basePrice: '0.0220',
    breaks: STD,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    careLabelType: 'CARELABEL_STANDARD',
    rfid: true,
    packsPerSize: [1, 6],
  },
  {
    productSubcode: 'RT-PT-401',
    customer: 'roots',
    factory: 'NGB',
    productCode: 'PT',
    subgroup: 'Retail Price Tickets',
    description: 'Roots price ticket, 2 x 3 in, CAD/USD dual price with UPC-A barcode',
    sizes: ONE,
    packSize: 500,
    minOrderQuantity: 1000,
    basePrice: '0.0150',
    breaks: BULK,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    rfid: true,
    packsPerSize: [2, 60],
  },
  {
    productSubcode: 'RT-ST-501',
    customer: 'roots',
    factory: 'NGB',
    productCode: 'ST',
    subgroup: 'Barcode Stickers',
    description: 'Roots UPC carton sticker, 1.25 x 1 in, thermal transfer, roll of 1000',
    sizes: ONE,
    packSize: 1000,
    minOrderQuantity: 1000,
    basePrice: '0.0090',
    breaks: BULK,
    artworkRequired: false,
    fulfillmentProcess: 'PICK_AND_PACK',
    inventory: true,
    packsPerSize: [2, 30],
  },
  {
    productSubcode: 'RT-ST-502',
    customer: 'roots',
    factory: 'DHK',
    productCode: 'ST',
    subgroup: 'Packaging Stickers',
    description: 'Roots poly bag suffocation warning sticker, EN/FR, 50 x 50 mm',
    sizes: ONE,
    packSize: 1000,
    minOrderQuantity: 1000,
    basePrice: '0.0110',
    breaks: BULK,
    artworkRequired: false,
    fulfillmentProcess: 'PICK_AND_PACK',
    inventory: true,
    packsPerSize: [1, 20],
  },
  {
    productSubcode: 'RT-TF-601',
    customer: 'roots',
    factory: 'HCM',
    productCode: 'TF',
    subgroup: 'Neck Transfers',
    description: 'Roots tagless neck heat transfer, 1 colour, logo with size and fibre content',
    sizes: ALPHA,
    packSize: 100,
    minOrderQuantity: 200,
    basePrice: '0.1800',
    breaks: STD,
    artworkRequired: true,
    fulfillmentProcess: 'BUILD',
    minValueUsd: '250',
    packsPerSize: [2, 12],
  },
  // Dunnes Stores
  {
    productSubcode: 'DS-WL-110',
    customer: 'dunnes',
    factory: 'CTG',
    productCode: 'WL',
    subgroup: 'Main Labels',
    description: 'Dunnes Stores main label, damask woven, navy ground, 20 x 60 mm',
    sizes: UK_WOMEN,
    packSize: 100,
    minOrderQuantity: 300,
    basePrice: '0.0550',
    breaks: STD,
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    schema: 'dunnesStyle',
    packsPerSize: [3, 25],
  },
  {
    productSubcode: 'DS-WL-112',
    customer: 'dunnes',
    factory: 'CTG',
    productCode: 'WL',
    subgroup: 'Main Labels',
    description: 'Savida main label, satin woven, black ground, 25 x 55 mm',
    sizes: ALPHA,
    packSize: 100,
    minOrderQuantity: 300,
    basePrice: '0.0580',
    breaks: STD,
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    packsPerSize: [3, 25],
  },
  {
    productSubcode: 'DS-WL-118',
    customer: 'dunnes',
    factory: 'DHK',
    productCode: 'WL',
    subgroup: 'Size Labels',
    description: 'Dunnes Stores size label, taffeta woven, UK/EU sizes, 15 x 25 mm',
    sizes: ALPHA_XXL,
    packSize: 250,
    minOrderQuantity: 500,
    basePrice: '0.0260',
    breaks: STD,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    packsPerSize: [2, 16],
  },
  {
    productSubcode: 'DS-HT-210',
    customer: 'dunnes',
    factory: 'TUP',
    productCode: 'HT',
    subgroup: 'Swing Tickets',
    description: 'Dunnes Stores swing ticket, 350 gsm matt board, 45 x 85 mm, with barb',
    sizes: ONE,
    packSize: 250,
    minOrderQuantity: 500,
    basePrice: '0.0950',
    breaks: SMALL,
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    minValueUsd: '150',
    packsPerSize: [2, 24],
  },
  {
    productSubcode: 'DS-HT-215',
    customer: 'dunnes',
    factory: 'CMB',
    productCode: 'HT',
    subgroup: 'Brand Tags',
    description: 'The Collection by Dunnes hang tag, uncoated board with blind emboss, 50 x 95 mm',
    sizes: ONE,
    packSize: 250,
    minOrderQuantity: 500,
    basePrice: '0.1650',
    breaks: SMALL,
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    schema: 'dunnesStyle',
    sustainable: true,
    packsPerSize: [2, 20],
  },
  {
    productSubcode: 'DS-CL-310',
    customer: 'dunnes',
    factory: 'CMB',
    productCode: 'CL',
    subgroup: 'Care Instructions',
    description: 'Dunnes Stores care label, printed satin, EN/GA, 35 x 100 mm',
    sizes: ONE,
    packSize: 500,
    minOrderQuantity: 1000,
    basePrice: '0.0310',
    breaks: STD,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    careLabelType: 'CARELABEL_BY_CODE',
    packsPerSize: [2, 30],
  },
  {
    productSubcode: 'DS-CL-312',
    customer: 'dunnes',
    factory: 'TUP',
    productCode: 'CL',
    subgroup: 'Care Instructions',
    description: 'Dunnes Stores childrenswear care label, soft nylon, EN/GA, 30 x 70 mm',
    sizes: ['2', '4', '6', '8'],
    packSize: 500,
    minOrderQuantity: 500,
    basePrice: '0.0240',
    breaks: STD,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    careLabelType: 'CARELABEL_BY_CODE',
    packsPerSize: [1, 8],
  },
  {
    productSubcode: 'DS-PT-410',
    customer: 'dunnes',
    factory: 'SZN',
    productCode: 'PT',
    subgroup: 'Retail Price Tickets',
    description: 'Dunnes Stores price ticket, EUR/GBP dual price, EAN-13, adhesive, 40 x 60 mm',
    sizes: ONE,
    packSize: 500,
    minOrderQuantity: 1000,
    basePrice: '0.0140',
    breaks: BULK,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    packsPerSize: [2, 60],
  },
  {
    productSubcode: 'DS-PT-412',
    customer: 'dunnes',
    factory: 'SZN',
    productCode: 'PT',
    subgroup: 'Retail Price Tickets',
    description: 'Dunnes Stores reduced-price overlay ticket, red, 30 x 40 mm',
    sizes: ONE,
    packSize: 1000,
    minOrderQuantity: 2000,
    basePrice: '0.0090',
    breaks: BULK,
    artworkRequired: false,
    fulfillmentProcess: 'PICK_AND_PACK',
    minValueUsd: '60',
    packsPerSize: [2, 10],
  },
  {
    productSubcode: 'DS-ST-510',
    customer: 'dunnes',
    factory: 'SZN',
    productCode: 'ST',
    subgroup: 'Barcode Stickers',
    description: 'Dunnes Stores EAN-13 barcode sticker, 38 x 25 mm, roll of 1000',
    sizes: ONE,
    packSize: 1000,
    minOrderQuantity: 1000,
    basePrice: '0.0085',
    breaks: BULK,
    artworkRequired: false,
    fulfillmentProcess: 'PICK_AND_PACK',
    inventory: true,
    packsPerSize: [2, 30],
  },
  {
    productSubcode: 'DS-ST-515',
    customer: 'dunnes',
    factory: 'TUP',
    productCode: 'ST',
    subgroup: 'Packaging Stickers',
    description: 'Dunnes Stores carton label, A6 thermal, pre-printed routing panel',
    sizes: ONE,
    packSize: 500,
    minOrderQuantity: 500,
    basePrice: '0.0420',
    breaks: STD,
    artworkRequired: false,
    fulfillmentProcess: 'PICK_AND_PACK',
    inventory: true,
    packsPerSize: [1, 10],
  },
  // Northwind Outfitters
  {
    productSubcode: 'NW-WL-120',
    customer: 'northwind',
    factory: 'HCM',
    productCode: 'WL',
    subgroup: 'Main Labels',
    description: 'Northwind Trailhead main label, high-definition woven, 22 x 65 mm',
    sizes: ALPHA,
    packSize: 100,
    minOrderQuantity: 300,
    basePrice: '0.0700',
    breaks: STD,
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    schema: 'threadColour',
    packsPerSize: [3, 20],
  },
  {
    productSubcode: 'NW-HT-220',
    customer: 'northwind',
    factory: 'TUP',
    productCode: 'HT',
    subgroup: 'Brand Tags',
    description: 'Northwind recycled kraft hang tag with seed-paper insert, 60 x 110 mm',
    sizes: ONE,
    packSize: 250,
    minOrderQuantity: 500,
    basePrice: '0.2100',
    breaks: SMALL,
    artworkRequired: true,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    sustainable: true,
    minValueUsd: '200',
    packsPerSize: [2, 12],
  },
  {
    productSubcode: 'NW-CL-320',
    customer: 'northwind',
    factory: 'DHK',
    productCode: 'CL',
    subgroup: 'Care Instructions',
    description: 'Northwind care label, Tyvek, EN/ES/FR, 30 x 90 mm',
    sizes: ONE,
    packSize: 500,
    minOrderQuantity: 1000,
    basePrice: '0.0330',
    breaks: STD,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    packsPerSize: [2, 24],
  },
  {
    productSubcode: 'NW-ST-520',
    customer: 'northwind',
    factory: 'TUP',
    productCode: 'ST',
    subgroup: 'Barcode Stickers',
    description: 'Northwind size strip sticker, clear PET, 12 x 80 mm',
    sizes: ALPHA_XXL,
    packSize: 500,
    minOrderQuantity: 500,
    basePrice: '0.0120',
    breaks: STD,
    artworkRequired: false,
    fulfillmentProcess: 'PICK_AND_PACK',
    inventory: true,
    packsPerSize: [1, 6],
  },
  {
    productSubcode: 'NW-TF-620',
    customer: 'northwind',
    factory: 'HCM',
    productCode: 'TF',
    subgroup: 'Neck Transfers',
    description: 'Northwind reflective heat transfer logo, 3M Scotchlite, 40 x 15 mm',
    sizes: ONE,
    packSize: 100,
    minOrderQuantity: 300,
    basePrice: '0.2400',
    breaks: STD,
    artworkRequired: true,
    fulfillmentProcess: 'BUILD',
    minValueUsd: '120',
    packsPerSize: [3, 30],
  },
];

/** Unit price factor of each tier (by position) relative to the quantity-1 price. */
const TIER_FACTOR = ['1', '0.86', '0.74', '0.65'];
/** Cost as a share of price: the factory's cost of the same tier. */
const COST_SHARE = '0.58';

export interface TierRow {
  quantity: number;
  price: string;
  currency: CurrencyCode;
}

const convert = (usd: string, currency: CurrencyCode) => new Decimal(usd).times(RATE[currency]);

/**
 * The demo's DYNAMIC products (ordering §2 Product details DYNAMIC; decision 0057): subcodes whose
 * items are DYNAMIC, as 'Convert to Dynamic' on Product Subcodes leaves them. Their variants are the
 * customer's uploaded rows of the PO and style searched (the demo's sample files). Seeded after
 * everything else (seedDynamicProducts), so the rest of the demo data is the same with or without them.
 */
export const DYNAMIC_SUBCODES: readonly SubcodeRow[] = [
  {
    productSubcode: 'DS-ST-520',
    customer: 'dunnes',
    factory: 'SZN',
    productCode: 'ST',
    subgroup: 'Barcode Stickers',
    description: 'Dunnes Stores polybag sticker, size, colour and EAN-13 of each variant, 50 x 30 mm',
    sizes: ONE,
    packSize: 250,
    minOrderQuantity: 500,
    basePrice: '0.0110',
    breaks: BULK,
    artworkRequired: false,
    fulfillmentProcess: 'MAKE_AND_SHIP',
    packsPerSize: [2, 10],
  },
];

export function priceTiersOf(sc: SubcodeRow): TierRow[] {
  const currencies = CUSTOMERS.find((c) => c.key === sc.customer)!.priceCurrencies;
  return currencies.flatMap((currency) =>
    sc.breaks.map((quantity, i) => ({
      quantity,
      currency,
      price: toFixedAmount(convert(sc.basePrice, currency).times(TIER_FACTOR[i]).toString(), 4),
    })),
  );
}

export function costTiersOf(sc: SubcodeRow): TierRow[] {
  return costCurrencies(sc.factory).flatMap((currency) =>
    sc.breaks.map((quantity, i) => ({
      quantity,
      currency,
      price: toFixedAmount(
        convert(sc.basePrice, currency).times(TIER_FACTOR[i]).times(COST_SHARE).toString(),
        4,
      ),
    })),
  );
}

/** Minimum order values of a subcode, one per price currency, in whole units. */
export function minValuesOf(sc: SubcodeRow): { currency: CurrencyCode; price: string }[] {
  if (!sc.minValueUsd) return [];
  const currencies = CUSTOMERS.find((c) => c.key === sc.customer)!.priceCurrencies;
  return currencies.map((currency) => ({
    currency,
    price: new Decimal(convert(sc.minValueUsd!, currency))
      .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
      .toFixed(2),
  }));
}

// ---------------------------------------------------------------- users

export type UserRole = 'ADMIN' | 'ACCOUNT' | 'CSR' | 'FACTORY_ACCOUNT' | 'FINANCE' | 'VENDOR' | 'CUSTOMER';

export interface UserRow {
  email: string;
  contactName: string;
  role: UserRole;
  telephone: string;
  active?: boolean;
  emailEnabled?: boolean;
  /** Days since the last sign-in (null: never signed in). */
  lastLoginDaysAgo?: number;
  canRestock?: boolean;
  canUpdateInventory?: boolean;
  vendors?: readonly VendorKey[];
  customers?: readonly CustomerKey[];
  regions?: readonly RegionName[];
  factories?: readonly FactoryCode[];
}

/** The first eight are the demo accounts of each role (tests rely on them); the rest make the lists look lived-in. */
export const USERS: readonly UserRow[] = [
  {
    email: 'admin@example.com',
    contactName: 'Ada Admin',
    role: 'ADMIN',
    telephone: '+1 416-555-0100',
    vendors: ['dhaka'],
    canRestock: true,
    canUpdateInventory: true,
  },
  {
    email: 'account@example.com',
    contactName: 'Alex Account',
    role: 'ACCOUNT',
    telephone: '+1 416-555-0101',
    customers: ['roots', 'dunnes', 'northwind'],
    canRestock: true,
    canUpdateInventory: true,
  },
  {
    email: 'csr@example.com',
    contactName: 'Casey Service',
    role: 'CSR',
    telephone: '+1 416-555-0102',
    customers: ['roots', 'dunnes'],
  },
  {
    email: 'supervisor@example.com',
    contactName: 'Sam Supervisor',
    role: 'FACTORY_ACCOUNT',
    telephone: '+880 1711-555010',
    regions: REGIONS,
    factories: ['DHK', 'CTG', 'SZN'],
  },
  {
    email: 'finance@example.com',
    contactName: 'Fran Finance',
    role: 'FINANCE',
    telephone: '+1 416-555-0104',
    customers: ['roots', 'dunnes'],
  },
  {
    email: 'vendor@example.com',
    contactName: 'Vera Vendor',
    role: 'VENDOR',
    telephone: '+880 1819-555201',
    vendors: ['dhaka'],
  },
  {
    email: 'vendor2@example.com',
    contactName: 'Victor Vendor',
    role: 'VENDOR',
    telephone: '+84 90 555 0377',
    vendors: ['saigon'],
  },
  {
    email: 'customer@example.com',
    contactName: 'Cora Customer',
    role: 'CUSTOMER',
    telephone: '+1 905-555-0188',
    customers: ['roots'],
  },
  // non-demo users
  {
    email: 'nimal.perera@example.com',
    contactName: 'Nimal Perera',
    role: 'VENDOR',
    telephone: '+94 77 555 8120',
    lastLoginDaysAgo: 3,
    vendors: ['colombo'],
  },
  {
    email: 'li.wei@example.com',
    contactName: 'Li Wei',
    role: 'VENDOR',
    telephone: '+86 139 5550 7712',
    lastLoginDaysAgo: 1,
    vendors: ['ningbo'],
  },
  {
    email: 'arun.kumar@example.com',
    contactName: 'Arun Kumar',
    role: 'VENDOR',
    telephone: '+91 98430 55521',
    lastLoginDaysAgo: 6,
    emailEnabled: false,
    vendors: ['tiruppur'],
  },
  {
    email: 'niamh.kelly@example.com',
    contactName: 'Niamh Kelly',
    role: 'CSR',
    telephone: '+353 1 555 0142',
    lastLoginDaysAgo: 2,
    customers: ['dunnes'],
  },
  {
    email: 'orla.byrne@example.com',
    contactName: 'Orla Byrne',
    role: 'CUSTOMER',
    telephone: '+353 1 555 0177',
    lastLoginDaysAgo: 12,
    customers: ['dunnes'],
  },
  {
    email: 'tran.minh@example.com',
    contactName: 'Tran Minh',
    role: 'FACTORY_ACCOUNT',
    telephone: '+84 28 5555 0913',
    lastLoginDaysAgo: 4,
    regions: ['Vietnam'],
    factories: ['HCM'],
  },
  {
    email: 'former.csr@example.com',
    contactName: 'Morgan Former',
    role: 'CSR',
    telephone: '+1 416-555-0199',
    active: false,
    lastLoginDaysAgo: 240,
    customers: ['roots'],
  },
];

/** The user who places orders for a vendor (its first VENDOR user). */
export function vendorUser(vendor: VendorKey): UserRow {
  return USERS.find((u) => u.role === 'VENDOR' && u.vendors?.includes(vendor))!;
}

// ---------------------------------------------------------------- placed orders

export type PlacedStatus =
  | 'NEEDS_ARTWORK'
  | 'NEEDS_ART_APPROVAL'
  | 'PRODUCTION_READY'
  | 'PRODUCTION_CONFIRMED'
  | 'READY_TO_SHIP'
  | 'COMPLETE_AND_SHIPPED';

export interface OrderPlan {
  /** Days before today the order was placed. */
  ago: number;
  vendor: VendorKey;
  customer: CustomerKey;
  status: PlacedStatus;
  /** Cancelled where it stands (only before production is confirmed). */
  cancelled?: boolean;
  /** Finance approved before production was confirmed. */
  earlyFinance?: boolean;
  /** Only lines that need no artwork (the order goes straight to PRODUCTION_READY). */
  noArtwork?: boolean;
  /** Artwork was rejected once; the order is back in NEEDS_ARTWORK. */
  rejectedOnce?: boolean;
  invoice?: boolean;
  /** Placed by an admin or account user on the vendor's behalf. */
  placedBy?: string;
}

export const ORDER_PLAN: readonly OrderPlan[] = [
  { ago: 88, vendor: 'dhaka', customer: 'roots', status: 'COMPLETE_AND_SHIPPED', invoice: true },
  { ago: 86, vendor: 'saigon', customer: 'roots', status: 'COMPLETE_AND_SHIPPED', invoice: true },
  {
    ago: 84,
    vendor: 'colombo',
    customer: 'dunnes',
    status: 'COMPLETE_AND_SHIPPED',
    invoice: true,
    noArtwork: true,
  },
  { ago: 82, vendor: 'dhaka', customer: 'dunnes', status: 'COMPLETE_AND_SHIPPED' },
  { ago: 80, vendor: 'ningbo', customer: 'northwind', status: 'COMPLETE_AND_SHIPPED', invoice: true },
  { ago: 78, vendor: 'tiruppur', customer: 'dunnes', status: 'NEEDS_ARTWORK', cancelled: true },
  {
    ago: 76,
    vendor: 'dhaka',
    customer: 'roots',
    status: 'COMPLETE_AND_SHIPPED',
    invoice: true,
    placedBy: 'admin@example.com',
  },
  { ago: 74, vendor: 'ningbo', customer: 'roots', status: 'COMPLETE_AND_SHIPPED', noArtwork: true },
  { ago: 72, vendor: 'saigon', customer: 'roots', status: 'COMPLETE_AND_SHIPPED', invoice: true },
  { ago: 70, vendor: 'colombo', customer: 'northwind', status: 'COMPLETE_AND_SHIPPED' },
  { ago: 68, vendor: 'dhaka', customer: 'dunnes', status: 'READY_TO_SHIP', invoice: true },
  { ago: 66, vendor: 'tiruppur', customer: 'dunnes', status: 'COMPLETE_AND_SHIPPED', invoice: true },
  { ago: 64, vendor: 'dhaka', customer: 'roots', status: 'PRODUCTION_READY', cancelled: true },
  { ago: 62, vendor: 'saigon', customer: 'roots', status: 'COMPLETE_AND_SHIPPED', earlyFinance: true },
  { ago: 60, vendor: 'colombo', customer: 'dunnes', status: 'COMPLETE_AND_SHIPPED', invoice: true },
  { ago: 58, vendor: 'ningbo', customer: 'northwind', status: 'READY_TO_SHIP', noArtwork: true },
  {
    ago: 56,
    vendor: 'dhaka',
    customer: 'roots',
    status: 'COMPLETE_AND_SHIPPED',
    invoice: true,
    noArtwork: true,
  },
  { ago: 54, vendor: 'tiruppur', customer: 'dunnes', status: 'READY_TO_SHIP', invoice: true },
  { ago: 52, vendor: 'dhaka', customer: 'dunnes', status: 'COMPLETE_AND_SHIPPED' },
  { ago: 50, vendor: 'saigon', customer: 'roots', status: 'PRODUCTION_CONFIRMED' },
  {
    ago: 48,
    vendor: 'colombo',
    customer: 'northwind',
    status: 'COMPLETE_AND_SHIPPED',
    invoice: true,
    placedBy: 'account@example.com',
  },
  { ago: 46, vendor: 'dhaka', customer: 'roots', status: 'READY_TO_SHIP', invoice: true },
  { ago: 44, vendor: 'ningbo', customer: 'roots', status: 'PRODUCTION_CONFIRMED' },
  { ago: 42, vendor: 'saigon', customer: 'roots', status: 'NEEDS_ART_APPROVAL', cancelled: true },
  { ago: 40, vendor: 'dhaka', customer: 'dunnes', status: 'PRODUCTION_CONFIRMED' },
  { ago: 38, vendor: 'tiruppur', customer: 'dunnes', status: 'PRODUCTION_READY', earlyFinance: true },
  { ago: 36, vendor: 'dhaka', customer: 'roots', status: 'READY_TO_SHIP', earlyFinance: true },
  { ago: 34, vendor: 'colombo', customer: 'dunnes', status: 'PRODUCTION_CONFIRMED', noArtwork: true },
  { ago: 32, vendor: 'ningbo', customer: 'northwind', status: 'PRODUCTION_READY' },
  { ago: 30, vendor: 'dhaka', customer: 'roots', status: 'PRODUCTION_CONFIRMED' },
  { ago: 28, vendor: 'saigon', customer: 'roots', status: 'PRODUCTION_READY', earlyFinance: true },
  { ago: 26, vendor: 'dhaka', customer: 'dunnes', status: 'NEEDS_ARTWORK', rejectedOnce: true },
  { ago: 24, vendor: 'colombo', customer: 'northwind', status: 'NEEDS_ART_APPROVAL' },
  { ago: 22, vendor: 'dhaka', customer: 'roots', status: 'PRODUCTION_READY' },
  { ago: 20, vendor: 'tiruppur', customer: 'dunnes', status: 'NEEDS_ART_APPROVAL', earlyFinance: true },
  {
    ago: 18,
    vendor: 'ningbo',
    customer: 'roots',
    status: 'PRODUCTION_READY',
    cancelled: true,
    noArtwork: true,
  },
  { ago: 16, vendor: 'dhaka', customer: 'roots', status: 'NEEDS_ART_APPROVAL' },
  { ago: 14, vendor: 'saigon', customer: 'roots', status: 'NEEDS_ARTWORK' },
  { ago: 13, vendor: 'dhaka', customer: 'dunnes', status: 'PRODUCTION_READY', noArtwork: true },
  { ago: 12, vendor: 'colombo', customer: 'dunnes', status: 'NEEDS_ARTWORK' },
  { ago: 10, vendor: 'dhaka', customer: 'roots', status: 'NEEDS_ARTWORK' },
  { ago: 9, vendor: 'ningbo', customer: 'northwind', status: 'NEEDS_ARTWORK' },
  { ago: 8, vendor: 'saigon', customer: 'roots', status: 'NEEDS_ART_APPROVAL' },
  { ago: 6, vendor: 'dhaka', customer: 'dunnes', status: 'NEEDS_ART_APPROVAL' },
  { ago: 5, vendor: 'tiruppur', customer: 'dunnes', status: 'NEEDS_ARTWORK' },
  { ago: 4, vendor: 'dhaka', customer: 'roots', status: 'PRODUCTION_READY', noArtwork: true },
  { ago: 3, vendor: 'colombo', customer: 'northwind', status: 'PRODUCTION_READY', noArtwork: true },
  { ago: 2, vendor: 'dhaka', customer: 'roots', status: 'NEEDS_ARTWORK' },
  { ago: 1, vendor: 'saigon', customer: 'roots', status: 'NEEDS_ARTWORK' },
  { ago: 1, vendor: 'dhaka', customer: 'dunnes', status: 'PRODUCTION_READY', noArtwork: true },
];

export const ORDER_COMMENTS = [
  'Please pack each size separately and mark the cartons with our PO.',
  'Urgent: garments cut and waiting for labels.',
  'Ship together with the care labels of the previous order if possible.',
  'Colours to match the approved strike-off from last season.',
  'Deliver to the trims store, not the main gate.',
] as const;

export const ARTWORK_COMMENTS = {
  approved: [
    'Approved, matches the physical sample.',
    'OK to proceed.',
    'Approved with Pantone 19-4052 as agreed.',
  ],
  rejected:
    'Logo must be Pantone 19-4052 Classic Blue, not black; please also correct the fibre content to 60% cotton / 40% polyester.',
} as const;

// ---------------------------------------------------------------- facts for tests

const orderable = SUBCODES.find((s) => s.productSubcode === ORDERABLE)!;
const orderableFactory = FACTORIES.find((f) => f.shortCode === orderable.factory)!;

/** What the browser and API tests may rely on in the demo data. */
export const DEMO_FACTS = {
  password: DEMO_PASSWORD,
  customers: { roots: 'Roots', dunnes: 'Dunnes Stores', noParser: 'Northwind Outfitters' },
  regions: REGIONS,
  currencies: CURRENCIES.map((c) => c.code),
  productGroups: PRODUCT_GROUPS,
  variableDataGroup: { value: 'VARIABLE_DATA', displayName: 'Variable Data' },
  vendor: {
    email: 'vendor@example.com',
    companyName: 'Dhaka Knitwear Ltd.',
    vendorNumber: '4410023',
    currency: 'CAD' as CurrencyCode,
    customers: ['Roots', 'Dunnes Stores'],
    shippingAddressOptions: VENDORS[0].shippingAddresses.map((a) => a.optionName),
  },
  vendor2: {
    email: 'vendor2@example.com',
    companyName: 'Saigon Apparel Co.',
    vendorNumber: '5520871',
    currency: 'USD' as CurrencyCode,
    customers: ['Roots'],
  },
  /** A Roots subcode the vendors can order: sizes S/M/L, no required attributes, needs artwork. */
  orderableSubcode: {
    productSubcode: orderable.productSubcode,
    description: orderable.description,
    customer: 'Roots',
    factory: orderableFactory.name,
    factoryShortCode: orderableFactory.shortCode,
    region: orderableFactory.region,
    productCode: orderable.productCode,
    productGroup: 'WOVEN_LABELS' as ProductGroupValue,
    productGroupDisplayName: 'Woven Labels',
    sizes: orderable.sizes,
    packSize: orderable.packSize,
    minOrderQuantity: orderable.minOrderQuantity,
    artworkRequired: orderable.artworkRequired,
    priceTiers: priceTiersOf(orderable),
  },
  subcodeCount: SUBCODES.length + DYNAMIC_SUBCODES.length,
  /** The DYNAMIC product (DYNAMIC_SUBCODES) and a PO and style of vendor@example.com it finds variants for. */
  dynamicProduct: {
    productSubcode: 'DS-ST-520',
    customer: 'Dunnes Stores',
    region: 'China',
    poNumber: 'DS-PO-8120',
    styleNumber: '62040000',
  },
  orderCount: ORDER_PLAN.length,
} as const;
