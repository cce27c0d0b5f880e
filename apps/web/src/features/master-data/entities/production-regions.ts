/** Production regions (master-data §2 Production regions, §3): one required field. */
import { MESSAGES } from '@selvedge/shared';
import { defineEntity } from '../entity-config';

interface ProductionRegionValues {
  productionRegionName: string;
}

export const productionRegions = defineEntity<'productionRegions', ProductionRegionValues>({
  kind: 'productionRegions',
  testId: 'production-region',
  countLine: (n) => `Showing ${n} Production Region(s)`,
  filters: [{ name: 'productionRegionName', label: 'Name', type: 'text' }],
  columns: [{ header: 'Production Region Name', value: (r) => r.productionRegionName }],
  fields: [
    {
      name: 'productionRegionName',
      label: 'Production Region Name',
      type: 'text',
      required: true,
      maxLength: 255,
    },
  ],
  empty: { productionRegionName: '' } satisfies ProductionRegionValues,
  toValues: (r): ProductionRegionValues => ({ productionRegionName: r.productionRegionName }),
  toBody: (v: ProductionRegionValues) => ({ ...v }),
  recordTitle: (r) => r.productionRegionName,
  messages: { created: MESSAGES.productionRegionCreated, updated: MESSAGES.productionRegionUpdated },
});
