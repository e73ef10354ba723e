import { useEffect, useRef } from 'react';
import { useForm, type FormErrors, type GetInputPropsOptions, type GetInputPropsReturnType, type LooseKeys, type UseFormReturnType } from '@mantine/form';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ltr } from '../bidi';
import { fieldErrors } from '../use-error-message';

/**
 * One way to write a form (decision 1140): initial values, the contract's schema and the domain's
 * rules checked on submit with the API's own messages, `form.getInputProps(path)` on each input,
 * and the server's field errors of a 400 set on the fields it names.
 */

/** One problem a schema found: its field path, its French sentence, a domain refusal's code in `params.refusal`. */
export interface SchemaIssue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/**
 * What the helper needs of a schema: zod's `safeParse`, written structurally so that this module
 * does not bring zod into the first pages (decision 0948). A form that validates with a contract's
 * schema gets it through `formSchema` (`./form-schema.ts`), which makes zod speak French as on the API.
 */
export interface FormSchema {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<SchemaIssue> } };
}

/** A field path as the API's error answer and Mantine's form write it: `lines.0.quantity_milli`. */
export const issuePath = (path: ReadonlyArray<PropertyKey>): string => path.map(String).join('.');

/**
 * A schema's issues as per-field messages, in the user's language the way the server's are read
 * (`fieldErrors`): the API's French sentence, or in English and Arabic the translation of the
 * domain refusal's code when the issue carries one (`params.refusal`, see `addRefusal`). The
 * first issue of a field wins, as on the API. An issue of the whole body has the path `_`.
 */
export function schemaErrors(schema: FormSchema, values: unknown, i18n: I18n): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issuePath(issue.path) || '_';
    if (errors[path]) continue;
    const { refusal, ...params } = (issue.params ?? {}) as Record<string, string | number>;
    const key = `errors.${String(refusal)}`;
    errors[path] =
      typeof refusal === 'string' && i18n.language && i18n.language !== 'fr' && i18n.exists(key) ? i18n.t(key, params) : inReadingOrder(issue.message, i18n);
  }
  return errors;
}

/**
 * A French sentence shown in Arabic (a rule without a translated code) keeps its reading order: in
 * a right-to-left page its final stop would otherwise jump to its start.
 */
export function inReadingOrder(message: string, i18n: I18n): string {
  return i18n.dir?.(i18n.language) === 'rtl' && !/[\u0600-\u06ff]/.test(message) ? ltr(message) : message;
}

/** A domain rule for the form: per-field messages (already translated), `null`/`undefined` when the field is right. */
export type FormRules<Values> = (values: Values) => Record<string, string | null | undefined | false>;

export interface ContractFormOptions<Values extends Record<string, any>> {
  initialValues: Values;
  /** The contract's request schema (through `formSchema`), checked on submit. */
  schema?: FormSchema;
  /** Domain rules checked on submit; a message here replaces the schema's for the same field. */
  rules?: FormRules<Values>;
  /** What the schema checks, when it is not the form's values (a body built from them). */
  toBody?: (values: Values) => unknown;
  /** The failure of the submit's mutation: its per-field messages land on the fields. */
  serverError?: unknown;
  /**
   * The loaded record the initial values come from: when it changes (a save came back, another
   * tab changed it), the form starts again from the new initial values.
   */
  source?: unknown;
  /** Check a field when it is left (the schema and the rules, for that field only). */
  validateInputOnBlur?: boolean;
}

/** An input's props: `value` always there (the form is controlled), for inputs that require it (`MoneyInput`, `PhoneInput`). */
export type ContractInputProps = GetInputPropsReturnType & { value: GetInputPropsReturnType['value'] };

export type ContractForm<Values extends Record<string, any>> = Omit<UseFormReturnType<Values>, 'getInputProps'> & {
  getInputProps: (path: LooseKeys<Values>, options?: GetInputPropsOptions) => ContractInputProps;
  /**
   * The server's failure to show in the form's alert: a refusal without field messages (a
   * conflict, a closed period…), or one naming a field the form does not show (a refused link).
   */
  alertError: unknown;
};

export function useContractForm<Values extends Record<string, any>>(options: ContractFormOptions<Values>): ContractForm<Values> {
  const { i18n } = useTranslation();
  // The fields the form has shown (each input asks for its props): a message for a field never
  // shown does not block the submit (the server will say it, in the alert), and a server failure
  // whose fields are all hidden goes to the alert instead of vanishing.
  const shown = useRef(new Set<string>());
  const latest = useRef(options);
  latest.current = options;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validateInputOnBlur: options.validateInputOnBlur,
    validate: (values: Values): FormErrors => {
      const { schema, rules, toBody } = latest.current;
      const found: Record<string, string> = schema ? schemaErrors(schema, toBody ? toBody(values) : values, i18n) : {};
      for (const [path, message] of Object.entries(rules?.(values) ?? {})) if (message) found[path] = message;
      // Only what the user can see and correct blocks the submit.
      return Object.fromEntries(Object.entries(found).filter(([path]) => shown.current.has(path)));
    },
  });

  const { serverError, source } = options;
  const { setErrors, setValues, resetDirty } = form;
  const loaded = useRef(source);
  useEffect(() => {
    if (loaded.current === source) return;
    loaded.current = source;
    setValues(latest.current.initialValues);
    resetDirty(latest.current.initialValues);
  }, [source, setValues, resetDirty]);

  useEffect(() => {
    const fields = fieldErrors(serverError, i18n);
    if (Object.keys(fields).length > 0) setErrors(Object.fromEntries(Object.entries(fields).map(([path, message]) => [path, inReadingOrder(message, i18n)])));
  }, [serverError, i18n, i18n.language, setErrors]);

  const serverFields = Object.keys(fieldErrors(serverError, i18n));
  const getInputProps = form.getInputProps;
  return {
    ...form,
    getInputProps: (path, inputOptions) => {
      shown.current.add(String(path));
      return getInputProps(path, inputOptions) as ContractInputProps;
    },
    alertError: serverError && (serverFields.length === 0 || serverFields.some((path) => !shown.current.has(path))) ? serverError : null,
  };
}
