/**
 * The master-data screens (master-data §2; decision 0020): the generic list and details pages, each
 * configured with its entity (features/master-data/entities/). One lazily loaded module for all of
 * them, so that the components only these screens use (modals, checklists, number inputs...) stay in
 * their chunk instead of the one every signed-in screen loads (first-load weight).
 * routes/screens.ts makes a route of every screen of the registry (MASTER_DATA_SCREENS) and loads
 * it through `masterDataScreen`.
 */
import type { MasterDataScreen, MasterDataScreenKind } from '@selvedge/shared';
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
import type { AnyEntityConfig } from '../../features/master-data/entity-config';

/** The configuration of every kind that has screens (the registry's `screens`), by kind. */
const ENTITY_CONFIGS = {
  productCodes,
  productSubcodes,
  attributeSchemas,
  users,
  customers,
  vendors,
  warehouses,
  productionRegions,
  factories,
  productItems,
} satisfies { [K in MasterDataScreenKind]: AnyEntityConfig & { kind: K } };

/** The component of one master-data screen: its kind's list or details page. */
export function masterDataScreen({ kind, page }: Pick<MasterDataScreen, 'kind' | 'page'>): ComponentType {
  const config: AnyEntityConfig = ENTITY_CONFIGS[kind];
  return page === 'list'
    ? () => <EntityListPage config={config} />
    : () => <EntityDetailPage config={config} />;
}
