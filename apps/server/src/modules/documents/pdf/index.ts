/**
 * The generated order documents as PDFs (ordering §7 Documents; docs/decisions/0015-order-documents.md):
 * rendered on demand from the order read model, never stored.
 */
export { renderPackingSlip } from './packingSlip';
export { renderProductionPO } from './productionPO';
export { renderVendorPO } from './vendorPO';
