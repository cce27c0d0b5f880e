/**
 * What the master-data registry derives, against the specs' own tables written out (master-data §6
 * route access, ordering §2 Configuration menu): a derivation that drifts fails here.
 */
import { describe, expect, it } from 'vitest';
import {
  HISTORY_ENTITIES,
  MASTER_DATA,
  MASTER_DATA_KINDS,
  MASTER_DATA_SCREENS,
  masterDataLabel,
} from './masterDataRegistry';
import { CONFIGURATION_MENU, ROUTE_ACCESS } from './permissions';
import { MASTER_DATA_SCHEMAS } from './schemas/masterData';

describe('the master-data registry', () => {
  it('gives each master-data screen the roles of master-data §6', () => {
    const masterDataRoutes = Object.fromEntries(
      MASTER_DATA_SCREENS.map((s) => [s.route, ROUTE_ACCESS[s.route]]),
    );
    expect(masterDataRoutes).toEqual({
      '/product-code-list': ['ADMIN'],
      '/product-code-details': ['ADMIN'],
      '/product-subcode-list': ['ADMIN'],
      '/product-subcode-details': ['ADMIN'],
      '/attribute-schemas-list': ['ADMIN'],
      '/attribute-schema-details': ['ADMIN'],
      '/user-list': ['ADMIN'],
      '/user-details': ['ADMIN'],
      '/customer-list': ['ADMIN'],
      '/customer-details': ['ADMIN'],
      '/vendor-list': ['ADMIN'],
      '/vendor-details': ['ADMIN', 'VENDOR'],
      '/warehouse-list': ['ADMIN'],
      '/warehouse-details': ['ADMIN'],
      '/production-regions-list': ['ADMIN'],
      '/production-regions-details': ['ADMIN'],
      '/factory-list': ['ADMIN'],
      '/factory-details': ['ADMIN'],
      '/product-item-details': ['ADMIN', 'CSR'],
    });
    // The ordering screens keep theirs beside them.
    expect(ROUTE_ACCESS['/cart']).toEqual(['VENDOR', 'ACCOUNT', 'ADMIN']);
    expect(ROUTE_ACCESS['/care-label']).toEqual(['ADMIN']);
  });

  it('makes the Configuration menu of ordering §2, in its order', () => {
    expect(CONFIGURATION_MENU).toEqual([
      { label: 'Variable Data Upload', route: '/variable-data-upload' },
      { label: 'Product Codes', route: '/product-code-list' },
      { label: 'Product Subcodes', route: '/product-subcode-list' },
      { label: 'Care Labels', route: '/care-label' },
      { label: 'Attribute Schemas', route: '/attribute-schemas-list' },
      { label: 'Users', route: '/user-list' },
      { label: 'Customers', route: '/customer-list' },
      { label: 'Vendors', route: '/vendor-list' },
      { label: 'Warehouses', route: '/warehouse-list' },
      { label: 'Production Regions', route: '/production-regions-list' },
      { label: 'Factories', route: '/factory-list' },
    ]);
  });

  it('names the screens, the history entities and the server messages', () => {
    expect(
      MASTER_DATA_SCREENS.filter((s) => s.kind === 'productionRegions' || s.kind === 'productItems'),
    ).toEqual([
      {
        kind: 'productionRegions',
        page: 'list',
        route: '/production-regions-list',
        title: 'Production Regions',
        section: '/production-regions-list',
        call: 'search',
      },
      {
        kind: 'productionRegions',
        page: 'details',
        route: '/production-regions-details',
        title: 'Production Region Details',
        section: '/production-regions-list',
        call: 'get',
      },
      {
        kind: 'productItems',
        page: 'details',
        route: '/product-item-details',
        title: 'Product Item Details',
        section: '/product-subcode-list',
        call: 'get',
      },
    ]);
    expect([...HISTORY_ENTITIES].sort()).toEqual([
      'attributeSchema',
      'careCautionMaintenance',
      'careCode',
      'careComponentType',
      'careCountryOfOrigin',
      'careInstruction',
      'careMaterial',
      'careSpecialInstruction',
      'customer',
      'factory',
      'productCode',
      'productItem',
      'productSubcode',
      'productionRegion',
      'user',
      'vendor',
      'warehouse',
    ]);
    expect(masterDataLabel('productionRegions')).toBe('Production region');
    expect(masterDataLabel('users')).toBe('User');
    expect(masterDataLabel('careMaterial')).toBe('Material type');
    expect(MASTER_DATA.careCode.item).toBe('/care-label/options/care-code/:id');
  });

  it('has schemas for exactly its kinds, and one route per path and method', () => {
    expect(Object.keys(MASTER_DATA_SCHEMAS).sort()).toEqual([...MASTER_DATA_KINDS].sort());
    const routes = MASTER_DATA_KINDS.flatMap((k) => {
      const e = MASTER_DATA[k];
      return [`GET ${e.search}`, `GET ${e.item}`, `POST ${e.create}`, `PUT ${e.item}`];
    });
    expect(new Set(routes).size).toBe(routes.length);
  });
});
