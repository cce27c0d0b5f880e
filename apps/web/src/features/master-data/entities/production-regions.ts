/** Production regions (master-data §2 Production regions, §3): one required field. */
import { MESSAGES } from '@selvedge/shared';
import { defineEntity } from '../entity-config';
import { lazySchema } from '../schemas-loader';

interface ProductionRegionValues {
  productionRegionName: string;
}

export const productionRegions = defineEntity<'productionRegions', ProductionRegionValues>({
  kind: 'productionRegions',
  singular: 'Production Region',
  plural: 'Production Regions',
  listRoute: '/production-regions-list',
  detailRoute: '/production-regions-details',
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
  schema: lazySchema('productionRegionBody'),
  recordTitle: (r) => r.productionRegionName,
  messages: { created: MESSAGES.productionRegionCreated, updated: MESSAGES.productionRegionUpdated },
});
