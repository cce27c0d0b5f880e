/**
 * State of the cart header form (ordering §2 Cart, §5 Cart): the values the user typed, the inline
 * validation messages and the automatic saving.
 *
 * - Each field saves on its own (PUT /orders/cart with that field) when it loses focus or a choice is
 *   made, only when it differs from what the server has. Saves run one after another, so the server
 *   ends with the last value typed; each answer (the cart) updates the cached cart.
 * - A failed save shows the server's message under the field it names (else in red); the user's
 *   input stays, and the field counts as unsaved, so `flush()` (before placing) sends it again.
 * - Validation uses the shared rules (validateCartForPlacement): one field on blur, all on Place. A
 *   value the server would refuse anyway (an invalid email, an over-long shipping address) is not sent:
 *   its inline message says why.
 * - Terms and Conditions is not part of the cart: it is sent with the place call.
 */
import {
  type Cart,
  type CartHeaderUpdate,
  isDateRequestedAllowed,
  isValidEmail,
  LIMITS,
  type Role,
  validateCartForPlacement,
} from '@selvedge/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { updateCartHeader } from '../../api/cart';
import { apiFieldErrors, showApiError } from '../../ui/messages';

/** The header fields saved with PUT /orders/cart. */
export const HEADER_FIELDS = [
  'contact',
  'email',
  'phone',
  'vendorPO',
  'dateRequested',
  'deliveryMethod',
  'shippingAddress',
  'deliveryAccount',
  'billingAccount',
  'billingAddress',
  'comments',
] as const satisfies readonly (keyof CartHeaderUpdate)[];
export type HeaderField = (typeof HEADER_FIELDS)[number];

/** Every field of the form, in screen order (the first invalid one gets the focus on Place). */
export const FORM_FIELDS = [...HEADER_FIELDS, 'termsAndConditions'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** Values as typed ('' = empty; dateRequested 'YYYY-MM-DD' or ''). */
export type HeaderValues = Record<HeaderField, string>;
export type FormErrors = Partial<Record<FormField, string>>;

/** Longest value the server takes per field (schemas/cart.ts cartHeaderUpdate). */
export const MAX_LENGTHS: Record<HeaderField, number | undefined> = {
  contact: 255,
  email: 320,
  phone: 50,
  vendorPO: 100,
  dateRequested: undefined,
  shippingAddress: LIMITS.shippingAddressMaxLength,
  deliveryMethod: 255,
  deliveryAccount: 255,
  billingAccount: 255,
  billingAddress: 1000,
  comments: 4000,
};

const EMPTY: HeaderValues = Object.fromEntries(HEADER_FIELDS.map((f) => [f, ''])) as HeaderValues;

/** The stored form of a value: trimmed, '' → null (what the server keeps). */
const normalise = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

function valuesOf(cart: Cart): HeaderValues {
  const values = { ...EMPTY };
  for (const field of HEADER_FIELDS) values[field] = cart[field] ?? '';
  return values;
}

/** True when the server would accept the value (else only the inline message shows, nothing is sent). */
function isSendable(field: HeaderField, value: string | null): boolean {
  if (value === null) return true;
  if (field === 'email') return isValidEmail(value);
  // A typed date earlier than allowed stays on screen with its message (ordering §5 Cart).
  if (field === 'dateRequested') return isDateRequestedAllowed(value);
  const max = MAX_LENGTHS[field];
  return max === undefined || value.length <= max;
}

export interface CartHeaderForm {
  values: HeaderValues;
  terms: boolean;
  errors: FormErrors;
  /** Number of saves under way. */
  saving: number;
  /**
   * Fills the form from the first cart loaded (later calls do nothing, so typing is never overwritten);
   * a saved Date Requested that has become too early is flagged at once.
   */
  initialize: (cart: Cart) => void;
  /** Changes a value as the user types (clears the field's message). */
  setValue: (field: HeaderField, value: string) => void;
  /** The field lost focus or a choice was made: validate it and save it when changed. */
  commit: (field: HeaderField, value?: string) => void;
  setTerms: (accepted: boolean) => void;
  /** Validates every field; answers the messages (empty when the cart may be placed). */
  validateAll: () => FormErrors;
  /** Shows the server's refusals of fields (placing's answer names one) under their inputs. */
  showErrors: (errors: FormErrors) => void;
  /** Saves every unsaved field and waits for all saves; false when one failed. */
  flush: () => Promise<boolean>;
}

/**
 * The cart header form. `onSaved` receives the cart answered by each successful save.
 */
export function useCartHeaderForm(role: Role | null, onSaved: (cart: Cart) => void): CartHeaderForm {
  const [values, setValues] = useState<HeaderValues>(EMPTY);
  const [terms, setTermsState] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(0);

  // Refs mirror the latest values so blur and choice handlers never read a stale render.
  const valuesRef = useRef<HeaderValues>(EMPTY);
  const termsRef = useRef(false);
  const savedRef = useRef<Record<HeaderField, string | null>>({ ...EMPTY } as Record<
    HeaderField,
    string | null
  >);
  const queueRef = useRef<Promise<unknown>>(Promise.resolve());
  const initializedRef = useRef(false);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const allErrors = useCallback(
    (): FormErrors =>
      validateCartForPlacement(valuesRef.current, {
        role,
        termsAccepted: termsRef.current,
      }) as FormErrors,
    [role],
  );

  const validateField = useCallback(
    (field: FormField) => {
      const message = allErrors()[field];
      setErrors((prev) => {
        if (prev[field] === message) return prev;
        const next = { ...prev };
        if (message) next[field] = message;
        else delete next[field];
        return next;
      });
    },
    [allErrors],
  );

  /** Queues one PUT /orders/cart; resolves true when it succeeded. */
  const save = useCallback((patch: Partial<Record<HeaderField, string | null>>): Promise<boolean> => {
    setSaving((n) => n + 1);
    const run = async () => {
      try {
        const cart = await updateCartHeader(patch);
        Object.assign(savedRef.current, patch);
        onSavedRef.current(cart);
        return true;
      } catch (error) {
        // A refusal of one of the form's fields shows under its input (decision 0058), else in red.
        const onFields = apiFieldErrors(error, HEADER_FIELDS);
        if (onFields) setErrors((prev) => ({ ...prev, ...onFields }));
        else showApiError(error);
        return false;
      } finally {
        setSaving((n) => n - 1);
      }
    };
    const result = queueRef.current.then(run);
    queueRef.current = result;
    return result;
  }, []);

  const initialize = useCallback(
    (cart: Cart) => {
      if (initializedRef.current) return;
      initializedRef.current = true;
      const next = valuesOf(cart);
      valuesRef.current = next;
      for (const field of HEADER_FIELDS) savedRef.current[field] = normalise(cart[field]);
      setValues(next);
      // A date saved days ago may be less than 14 days ahead now (ordering §5 Cart): say so on opening,
      // not only when placing.
      if (next.dateRequested) validateField('dateRequested');
    },
    [validateField],
  );

  const setValue = useCallback((field: HeaderField, value: string) => {
    valuesRef.current = { ...valuesRef.current, [field]: value };
    setValues(valuesRef.current);
    setErrors((prev) => {
      if (!prev[field]) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  const commit = useCallback(
    (field: HeaderField, value?: string) => {
      if (value !== undefined) {
        valuesRef.current = { ...valuesRef.current, [field]: value };
        setValues(valuesRef.current);
      }
      validateField(field);
      const next = normalise(valuesRef.current[field]);
      if (next === savedRef.current[field] || !isSendable(field, next)) return;
      void save({ [field]: next });
    },
    [save, validateField],
  );

  const setTerms = useCallback(
    (accepted: boolean) => {
      termsRef.current = accepted;
      setTermsState(accepted);
      validateField('termsAndConditions');
    },
    [validateField],
  );

  const validateAll = useCallback(() => {
    const found = allErrors();
    setErrors(found);
    return found;
  }, [allErrors]);

  const showErrors = useCallback((found: FormErrors) => setErrors((prev) => ({ ...prev, ...found })), []);

  const flush = useCallback(async () => {
    // Wait for the saves already queued; a field whose save failed is still unsaved and goes again.
    await queueRef.current;
    const patch: Partial<Record<HeaderField, string | null>> = {};
    for (const field of HEADER_FIELDS) {
      const value = normalise(valuesRef.current[field]);
      if (value !== savedRef.current[field] && isSendable(field, value)) patch[field] = value;
    }
    if (Object.keys(patch).length === 0) return true;
    return save(patch);
  }, [save]);

  return useMemo(
    () => ({
      values,
      terms,
      errors,
      saving,
      initialize,
      setValue,
      commit,
      setTerms,
      validateAll,
      showErrors,
      flush,
    }),
    [values, terms, errors, saving, initialize, setValue, commit, setTerms, validateAll, showErrors, flush],
  );
}
