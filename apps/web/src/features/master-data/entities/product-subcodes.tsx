/**
 * Product subcodes (master-data §2 Product subcodes, §3, §4, §5): filter by Product Subcode, Product
 * Code, Description, Sample Reference Number, Fulfillment Process, Customer, Factory and Sustainable.
 * The details ('PRODUCT SUBCODES – PRODUCT SUBCODE DETAILS'): the main information, the attribute
 * schema tied to the customer, the product image (uploaded after the save), the tier section once a
 * factory is chosen, and outside create mode the Product Items table. MOQ is rounded down to the
 * pack size when either is left; the server rounds again (the shared schema).
 */
import {
  type CARE_LABEL_TYPES,
  type EditTier,
  FULFILLMENT_PROCESSES,
  LABELS,
  MESSAGES,
  type MinValue,
  normalizePackSize,
  roundMinOrderQuantity,
} from '@selvedge/shared';
import { uploadSubcodeImage } from '../../../api/master-data';
import { DateField } from '../../../ui/DateField';
import { defineEntity } from '../entity-config';
import {
  numberBody,
  refBody,
  refValue,
  staticOptions,
  useCustomerOptions,
  useFactoryOptions,
  useProductCodeOptions,
} from '../options';
import { ImageField, SchemaField, SubcodeItems, TierSection } from '../SubcodeParts';

/** Shown under the Garment GTIN while a care label type is set and the GTIN is empty (decision 0044). */
export const GTIN_MISSING_WARNING = 'Without a Garment GTIN, its care labels carry no product passport QR.';

/** Care label types of a subcode (decision 0041): standard (symbols) or by code; none when cleared. */
const CARE_LABEL_TYPE_OPTIONS = [
  { value: 'CARELABEL_STANDARD', label: 'Standard care label' },
  { value: 'CARELABEL_BY_CODE', label: 'Care label by code' },
];

interface SubcodeValues {
  productSubcode: string;
  description: string;
  productCode: string;
  customer: string;
  factory: string;
  schema: string;
  minOrderQuantity: number | string;
  packSize: number | string;
  fulfillmentProcess: string;
  sustainable: boolean;
  careLabelType: string;
  gtin: string;
  rfid: boolean;
  epcFilter: number | string;
  sampleReferenceNumber: string;
  /** YYYY-MM-DD or '' */
  approvedDate: string;
  productImage: { path: string; type: string } | null;
  /** A newly chosen image, uploaded after the save. */
  imageFile: File | null;
  priceTiers: EditTier[];
  costTiers: EditTier[];
  minValues: MinValue[];
}

const FULFILLMENT_OPTIONS = FULFILLMENT_PROCESSES.map((p) => ({
  value: p,
  label: LABELS.fulfillmentProcess[p],
}));
const YES_NO = staticOptions([
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
]);

/** Rounds the MOQ down to the pack size (and the pack size to a whole number ≥ 1) as the form holds them. */
const roundMoq = ({ values, setValue }: { values: SubcodeValues; setValue: SetValue }) => {
  if (values.packSize === '' || values.minOrderQuantity === '') return;
  const pack = normalizePackSize(Number(values.packSize));
  setValue('packSize', pack);
  setValue('minOrderQuantity', roundMinOrderQuantity(Number(values.minOrderQuantity), pack));
};
type SetValue = <F extends keyof SubcodeValues>(field: F, value: SubcodeValues[F]) => void;

export const productSubcodes = defineEntity<'productSubcodes', SubcodeValues>({
  kind: 'productSubcodes',
  testId: 'subcode',
  heading: LABELS.productSubcodeDetailsTitle,
  countLine: (n) => `Showing ${n} Product Subcode(s)`,
  filters: [
    { name: 'productSubcode', label: 'Product Subcode', type: 'text' },
    { name: 'productCode', label: 'Product Code', type: 'text' },
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'sampleReferenceNumber', label: 'Sample Reference Number', type: 'text' },
    {
      name: 'fulfillmentProcess',
      label: 'Fulfillment Process',
      type: 'select',
      useOptions: staticOptions(FULFILLMENT_OPTIONS),
    },
    { name: 'customerId', label: 'Customer', type: 'select', useOptions: useCustomerOptions },
    { name: 'factoryId', label: 'Factory', type: 'select', useOptions: useFactoryOptions },
    { name: 'sustainable', label: 'Sustainable', type: 'select', useOptions: YES_NO },
  ],
  columns: [
    { header: 'Product Subcode', value: (s) => s.productSubcode },
    { header: 'Description', value: (s) => s.description },
    { header: 'Product Code', value: (s) => s.productCode.name, width: 140 },
    { header: 'Customer', value: (s) => s.customer.name },
    { header: 'Factory', value: (s) => s.factory?.name },
    {
      header: 'Fulfillment Process',
      value: (s) => LABELS.fulfillmentProcess[s.fulfillmentProcess],
      width: 150,
    },
  ],
  fields: [
    { name: 'productSubcode', label: 'Product Subcode', type: 'text', required: true, maxLength: 100 },
    {
      name: 'productCode',
      label: 'Product Code',
      type: 'select',
      useOptions: useProductCodeOptions,
      required: true,
    },
    { name: 'description', label: 'Description', type: 'text', required: true, wide: true, maxLength: 1000 },
    { name: 'customer', label: 'Customer', type: 'select', useOptions: useCustomerOptions, required: true },
    { name: 'factory', label: 'Factory', type: 'select', useOptions: useFactoryOptions, clearable: true },
    {
      name: 'schema',
      label: 'Attribute Schema',
      type: 'custom',
      render: ({ values, editing, error, setValue }) => (
        <SchemaField
          value={values.schema}
          customer={values.customer}
          editing={editing}
          onChange={(next) => setValue('schema', next)}
          error={error}
        />
      ),
    },
    {
      name: 'fulfillmentProcess',
      label: 'Fulfillment Process',
      type: 'select',
      useOptions: staticOptions(FULFILLMENT_OPTIONS),
    },
    {
      name: 'minOrderQuantity',
      label: 'Minimum Order Quantity',
      type: 'number',
      min: 0,
      required: true,
      description: 'Rounded down to a multiple of the pack size',
      onBlur: roundMoq,
    },
    { name: 'packSize', label: 'Pack Size', type: 'number', min: 1, required: true, onBlur: roundMoq },
    { name: 'sustainable', label: 'Sustainable', type: 'boolean', trueLabel: 'Yes', falseLabel: 'No' },
    {
      name: 'careLabelType',
      label: 'Care Label Type',
      type: 'select',
      useOptions: staticOptions(CARE_LABEL_TYPE_OPTIONS),
      clearable: true,
      description: 'Items of this subcode are care labels built in the care label editor',
    },
    {
      name: 'gtin',
      label: 'Garment GTIN',
      type: 'text',
      maxLength: 14,
      description:
        "The GTIN of the garment its care labels go into: the key of the label's product passport QR code",
      // Placed lines of such a subcode get a serial but no passport (decision 0044): say so, don't block.
      warning: (v) => (v.careLabelType && v.gtin.trim() === '' ? GTIN_MISSING_WARNING : null),
    },
    {
      name: 'rfid',
      label: 'RFID',
      type: 'boolean',
      trueLabel: 'Yes',
      falseLabel: 'No',
      description: "Every piece gets an RFID tag (SGTIN-96 EPC); needs the customer's GS1 Company Prefix",
    },
    {
      name: 'epcFilter',
      label: 'EPC Filter Value',
      type: 'number',
      min: 0,
      description: 'GS1 filter 0-7; 3 = single consumer trade item',
    },
    { name: 'sampleReferenceNumber', label: 'Sample Reference Number', type: 'text', maxLength: 100 },
    {
      name: 'approvedDate',
      label: 'Approved Date',
      type: 'custom',
      render: ({ values, editing, error, setValue }) => (
        <DateField
          label="Approved Date"
          value={values.approvedDate || null}
          onCommit={(next) => setValue('approvedDate', next ?? '')}
          readOnly={!editing}
          variant={editing ? 'default' : 'filled'}
          clearable={editing}
          error={error}
          data-testid="subcode-field-approvedDate"
        />
      ),
    },
    {
      name: 'imageFile',
      label: 'Product Image',
      type: 'custom',
      wide: true,
      render: ({ values, editing, setValue }) => (
        <ImageField
          current={values.productImage}
          file={values.imageFile}
          editing={editing}
          onChange={(file) => setValue('imageFile', file)}
        />
      ),
    },
    {
      name: 'priceTiers',
      label: 'Price Tiers',
      type: 'custom',
      wide: true,
      render: ({ values, editing, errors, setValue }) => (
        <TierSection
          values={values}
          editing={editing}
          errors={errors}
          setValue={(field, value) => setValue(field, value as SubcodeValues[typeof field])}
        />
      ),
    },
  ],
  empty: {
    productSubcode: '',
    description: '',
    productCode: '',
    customer: '',
    factory: '',
    schema: '',
    minOrderQuantity: 0,
    packSize: 1,
    fulfillmentProcess: 'PICK_AND_PACK',
    sustainable: false,
    careLabelType: '',
    gtin: '',
    rfid: false,
    epcFilter: 3,
    sampleReferenceNumber: '',
    approvedDate: '',
    productImage: null,
    imageFile: null,
    priceTiers: [],
    costTiers: [],
    minValues: [],
  },
  toValues: (s) => ({
    productSubcode: s.productSubcode,
    description: s.description,
    productCode: refValue(s.productCode),
    customer: refValue(s.customer),
    factory: refValue(s.factory),
    schema: refValue(s.schema),
    minOrderQuantity: s.minOrderQuantity,
    packSize: s.packSize,
    fulfillmentProcess: s.fulfillmentProcess,
    sustainable: s.sustainable,
    careLabelType: s.careLabelType ?? '',
    gtin: s.gtin ?? '',
    rfid: s.rfid,
    epcFilter: s.epcFilter,
    sampleReferenceNumber: s.sampleReferenceNumber ?? '',
    approvedDate: s.approvedDate ?? '',
    productImage: s.productImage,
    imageFile: null,
    priceTiers: s.priceTiers.map((t) => ({ ...t })),
    costTiers: s.costTiers.map((t) => ({ ...t })),
    minValues: s.minValues.map((v) => ({ ...v })),
  }),
  toBody: (v) => ({
    productSubcode: v.productSubcode,
    description: v.description,
    productCode: refBody(v.productCode) as { id: number },
    customer: refBody(v.customer) as { id: number },
    factory: refBody(v.factory),
    schema: refBody(v.schema),
    minOrderQuantity: numberBody(v.minOrderQuantity),
    packSize: numberBody(v.packSize),
    fulfillmentProcess: v.fulfillmentProcess as (typeof FULFILLMENT_PROCESSES)[number],
    sustainable: v.sustainable,
    careLabelType: (v.careLabelType || null) as (typeof CARE_LABEL_TYPES)[number] | null,
    gtin: v.gtin || null,
    rfid: v.rfid,
    epcFilter: numberBody(v.epcFilter),
    sampleReferenceNumber: v.sampleReferenceNumber,
    approvedDate: v.approvedDate || null,
    // Tiers belong to a factory's subcode: without a factory the section is hidden and nothing is kept.
    priceTiers: v.factory ? v.priceTiers : [],
    costTiers: v.factory ? v.costTiers : [],
    minValues: v.factory ? v.minValues : [],
  }),
  afterSave: async (record, values) => {
    if (!values.imageFile) return record;
    const productImage = await uploadSubcodeImage(record.id, values.imageFile);
    return { ...record, productImage };
  },
  sections: ({ record, editing }) => <SubcodeItems subcode={record} editing={editing} />,
  recordTitle: (s) => `${s.productSubcode} — ${s.customer.name}`,
  messages: { created: MESSAGES.productSubcodeCreated, updated: MESSAGES.productSubcodeUpdated },
  historyLabels: {
    priceTiers: 'Price Tiers',
    costTiers: 'Cost Tiers',
    minValues: 'Minimum Order Values',
    productImage: 'Product Image',
  },
});
