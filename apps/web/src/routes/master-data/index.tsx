/**
 * The master-data screens (master-data §2; issue 8): the generic list and details pages, each
 * configured with its entity (features/master-data/entities/). One lazily loaded module for all of
 * them, so that the components only these screens use (modals, checklists, number inputs...) stay in
 * their chunk instead of the one every signed-in screen loads (issue 9, first-load weight).
 * routes/screens.ts names a screen by entity and page.
 */
import type { ComponentType } from 'react';
import { EntityDetailPage } from '../../features/master-data/EntityDetailPage';
import { EntityListPage } from '../../features/master-data/EntityListPage';
import { attributeSchemas } from '../../features/master-data/entities/attribute-schemas';
import { customers } from '../../features/master-data/entities/customers';
import { factories } from '../../features/master-data/entities/factories';
import { productCodes } from '../../features/master-data/entities/product-codes';
import { productItems } from '../../features/master-data/entities/product-items';
import { productSubcodes } from '../../features/master-data/entities/product-subcodes';
import { productionRegions } from '../../features/master-data/entities/production-regions';
import { users } from '../../features/master-data/entities/users';
import { vendors } from '../../features/master-data/entities/vendors';
import { warehouses } from '../../features/master-data/entities/warehouses';

/** Each entity's list and details screen. */
export const MASTER_DATA_SCREENS = {
  productCodes: {
    list: () => <EntityListPage config={productCodes} />,
    details: () => <EntityDetailPage config={productCodes} />,
  },
  warehouses: {
    list: () => <EntityListPage config={warehouses} />,
    details: () => <EntityDetailPage config={warehouses} />,
  },
  productionRegions: {
    list: () => <EntityListPage config={productionRegions} />,
    details: () => <EntityDetailPage config={productionRegions} />,
  },
  customers: {
    list: () => <EntityListPage config={customers} />,
    details: () => <EntityDetailPage config={customers} />,
  },
  factories: {
    list: () => <EntityListPage config={factories} />,
    details: () => <EntityDetailPage config={factories} />,
  },
  productSubcodes: {
    list: () => <EntityListPage config={productSubcodes} />,
    details: () => <EntityDetailPage config={productSubcodes} />,
  },
  // Reached from its subcode's Product Items table; no list screen of its own (master-data §2).
  productItems: {
    details: () => <EntityDetailPage config={productItems} />,
  },
  users: {
    list: () => <EntityListPage config={users} />,
    details: () => <EntityDetailPage config={users} />,
  },
  vendors: {
    list: () => <EntityListPage config={vendors} />,
    details: () => <EntityDetailPage config={vendors} />,
  },
  attributeSchemas: {
    list: () => <EntityListPage config={attributeSchemas} />,
    details: () => <EntityDetailPage config={attributeSchemas} />,
  },
} satisfies Record<string, { list?: ComponentType; details: ComponentType }>;

export type MasterDataScreenEntity = keyof typeof MASTER_DATA_SCREENS;
