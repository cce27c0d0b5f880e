export * from './careLabel/config';
export * from './careLabel/fibres';
export * from './careLabel/kinds';
export * from './careLabel/layout';
export * from './careLabel/markets';
export * from './careLabel/passport';
export * from './careLabel/rules';
export * from './careLabel/symbols';
export * from './limits';
export * from './masterDataRegistry';
export * from './messages';
export * from './permissions';
export * from './rfid/sgtin';
export * from './roles';
export * from './routePermissions';
export * from './rules/cart';
export * from './rules/cartPricing';
export * from './rules/dates';
export * from './rules/masterData';
export * from './rules/money';
export * from './rules/needsAction';
export * from './rules/orderLine';
export * from './rules/orderStatus';
export * from './rules/orderWorkflow';
export * from './rules/pricing';
export * from './rules/quantity';
export * from './schemas/auth';
export * from './schemas/careLabel';
export * from './schemas/careLists';
export * from './schemas/cart';
export * from './schemas/common';
export {
  type ApiFieldMessage,
  apiFieldMessage,
  describeIssue,
  FIELD_PATH_PREFIX,
  fieldLabel,
  installErrorMap,
  missingReferenceMessage,
  startsWithFieldPath,
} from './schemas/errorMap';
export * from './schemas/events';
export * from './schemas/lookups';
export * from './schemas/masterData';
export * from './schemas/orders';
export * from './schemas/passport';
export * from './schemas/products';
export * from './schemas/rfid';
export * from './schemas/variableData';
export * from './variableData';
