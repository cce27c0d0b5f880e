/**
 * Master data that is pure configuration of the crud kit (platform/crud.ts): warehouses,
 * production regions and product codes — a flat table, its filters, its unique name.
 */
import type {
  ProductCode,
  ProductionRegion,
  productCodeSearchQuery,
  productionRegionSearchQuery,
  Warehouse,
  warehouseSearchQuery,
} from '@selvedge/shared';
import type { z } from 'zod';
import { type CrudConfig, simpleStore } from '../../platform/crud';
import { productCodes, productionRegions, warehouses } from '../../platform/db/schema';

type Body<R> = Omit<R, 'id' | 'version'>;
type Update<R> = Body<R> & { version: number };

export const warehouseCrud: CrudConfig<
  Warehouse,
  Body<Warehouse>,
  Update<Warehouse>,
  z.infer<typeof warehouseSearchQuery>
> = {
  store: simpleStore({
    table: warehouses,
    id: warehouses.id,
    version: warehouses.version,
    columns: {
      warehouseName: warehouses.warehouseName,
      contactName: warehouses.contactName,
      email: warehouses.email,
      telephone: warehouses.telephone,
      address: warehouses.address,
      preferredShippingMethod: warehouses.preferredShippingMethod,
    },
    filters: {
      warehouseName: warehouses.warehouseName,
      address: warehouses.address,
      preferredShippingMethod: warehouses.preferredShippingMethod,
    },
    orderBy: warehouses.warehouseName,
  }),
};

export const productionRegionCrud: CrudConfig<
  ProductionRegion,
  Body<ProductionRegion>,
  Update<ProductionRegion>,
  z.infer<typeof productionRegionSearchQuery>
> = {
  store: simpleStore({
    table: productionRegions,
    id: productionRegions.id,
    version: productionRegions.version,
    columns: { productionRegionName: productionRegions.productionRegionName },
    filters: { productionRegionName: productionRegions.productionRegionName },
    orderBy: productionRegions.productionRegionName,
  }),
};

export const productCodeCrud: CrudConfig<
  ProductCode,
  Body<ProductCode>,
  Update<ProductCode>,
  z.infer<typeof productCodeSearchQuery>
> = {
  store: simpleStore({
    table: productCodes,
    id: productCodes.id,
    version: productCodes.version,
    columns: { productCode: productCodes.productCode },
    filters: { productCode: productCodes.productCode },
    orderBy: productCodes.productCode,
  }),
};
