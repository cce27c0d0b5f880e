/**
 * The test factories, one import for every test (decision 0062): parties and demo-data lookups,
 * products, orders, the product and cart catalogues, variable-data uploads, and the in-memory order
 * record and file columns of the document and file-writer tests.
 */
export * from './cartCatalog';
export * from './fileColumns';
export * from './orderRecord';
export * from './orders';
export * from './parties';
export * from './productCatalog';
export * from './products';
export * from './variableData';
