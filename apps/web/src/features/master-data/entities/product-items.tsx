/**
 * Product item details (master-data §2 Product items, §3 Product item): opened from its subcode with
 * `?id=&subcode=`, or `?createMode=true&subcode=` (without a subcode: 'Invalid URL params'). Fields:
 * Product Size, Sort Key, Active, Product Group and Product Subgroup (each may be None), Default
 * Order Quantity, Required Attributes (an attribute schema, may be None), Current, Minimum and
 * Maximum Inventory. The title is the subcode's name; Back, Cancel in create mode and a successful
 * create return to the subcode. There is no list screen: the subcode's Product Items table is it.
 */
import { MESSAGES } from '@selvedge/shared';
import { useRecord } from '../../../api/master-data';
import { defineEntity } from '../entity-config';
import {
  numberBody,
  refBody,
  refValue,
  useProductGroupOptions,
  useProductSubgroupOptions,
  useSchemaOptions,
} from '../options';
import { parseRecordId } from '../useDetailMode';

interface ProductItemValues {
  productSubcode: string;
  productSize: string;
  sortKey: number | string;
  active: boolean;
  productGroup: string;
  productSubgroup: string;
  defaultOrderQuantity: number | string;
  attributeSchema: string;
  currentInventory: number | string;
  minimumInventory: number | string;
  maximumInventory: number | string;
  gtin: string;
}

const subcodeOf = (params: URLSearchParams) => parseRecordId(params.get('subcode'));

/** The subcode's name, for create mode's subtitle. */
function SubcodeName({ id }: { id: number | null }) {
  const q = useRecord('productSubcodes', id);
  return <>{q.data?.productSubcode ?? ''}</>;
}

export const productItems = defineEntity<'productItems', ProductItemValues>({
  kind: 'productItems',
  testId: 'product-item',
  countLine: (n) => `Showing ${n} Product Item(s)`,
  filters: [],
  columns: [],
  parent: (params, record) => {
    const id = record?.productSubcode.id ?? subcodeOf(params);
    return id === null
      ? { to: '/product-subcode-list', label: 'Back to Product Subcodes' }
      : {
          to: `/product-subcode-details?id=${id}`,
          label: `Back to ${record?.productSubcode.name ?? 'Product Subcode'}`,
        };
  },
  createValid: (params) => subcodeOf(params) !== null,
  createValues: (params) => ({ productSubcode: String(subcodeOf(params) ?? '') }),
  createSubtitle: (params) => <SubcodeName id={subcodeOf(params)} />,
  fields: [
    { name: 'productSize', label: 'Product Size', type: 'text', required: true, maxLength: 100 },
    { name: 'sortKey', label: 'Sort Key', type: 'number', required: true, min: 0 },
    { name: 'active', label: 'Active', type: 'boolean', trueLabel: 'Active', falseLabel: 'Inactive' },
    {
      name: 'defaultOrderQuantity',
      label: 'Default Order Quantity',
      type: 'number',
      required: true,
      min: 0,
    },
    {
      name: 'productGroup',
      label: 'Product Group',
      type: 'select',
      useOptions: useProductGroupOptions,
      clearable: true,
    },
    {
      name: 'productSubgroup',
      label: 'Product Subgroup',
      type: 'select',
      useOptions: useProductSubgroupOptions,
      clearable: true,
    },
    {
      name: 'attributeSchema',
      label: 'Required Attributes',
      type: 'select',
      useOptions: useSchemaOptions,
      clearable: true,
    },
    {
      name: 'currentInventory',
      label: 'Current Inventory',
      type: 'number',
      required: true,
      min: -2_000_000_000,
    },
    { name: 'minimumInventory', label: 'Minimum Inventory', type: 'number', required: true, min: 0 },
    { name: 'maximumInventory', label: 'Maximum Inventory', type: 'number', required: true, min: 0 },
    {
      name: 'gtin',
      label: 'GTIN',
      type: 'text',
      maxLength: 14,
      description: "The size's GTIN (UPC/EAN): what its RFID tags encode when the subcode is RFID",
    },
  ],
  empty: {
    productSubcode: '',
    productSize: '',
    sortKey: 1,
    active: true,
    productGroup: '',
    productSubgroup: '',
    defaultOrderQuantity: 0,
    attributeSchema: '',
    currentInventory: 0,
    minimumInventory: 0,
    maximumInventory: 0,
    gtin: '',
  },
  toValues: (i) => ({
    productSubcode: refValue(i.productSubcode),
    productSize: i.productSize,
    sortKey: i.sortKey,
    active: i.active,
    productGroup: refValue(i.productGroup),
    productSubgroup: refValue(i.productSubgroup),
    defaultOrderQuantity: i.defaultOrderQuantity,
    attributeSchema: refValue(i.attributeSchema),
    currentInventory: i.currentInventory,
    minimumInventory: i.minimumInventory,
    maximumInventory: i.maximumInventory,
    gtin: i.gtin ?? '',
  }),
  toBody: (v) => ({
    productSubcode: refBody(v.productSubcode) as { id: number },
    productSize: v.productSize,
    sortKey: numberBody(v.sortKey),
    active: v.active,
    productGroup: refBody(v.productGroup),
    productSubgroup: refBody(v.productSubgroup),
    defaultOrderQuantity: numberBody(v.defaultOrderQuantity),
    attributeSchema: refBody(v.attributeSchema),
    currentInventory: numberBody(v.currentInventory),
    minimumInventory: numberBody(v.minimumInventory),
    maximumInventory: numberBody(v.maximumInventory),
    gtin: v.gtin || null,
  }),
  recordTitle: (i) => i.productSubcode.name,
  messages: { created: MESSAGES.productItemCreated, updated: MESSAGES.productItemUpdated },
});
