import { type ChangeEvent, type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import './plain.css';

/**
 * A field rule: the subset of antd's rule objects the sign-in forms use, so features/auth/form-rules.ts
 * stays the one list of rules for the antd forms and for the plain login form alike.
 */
export interface FieldRule {
  required?: boolean;
  /** With `required`: a value of only spaces counts as empty. */
  whitespace?: boolean;
  pattern?: RegExp;
  /** Least and most characters. */
  min?: number;
  max?: number;
  message?: string;
  validator?: (rule: any, value: any) => Promise<unknown>;
}

const isEmpty = (value: unknown, whitespace?: boolean) =>
  value === undefined || value === null || value === '' || (whitespace && String(value).trim() === '');

/**
 * The messages of the rules `value` breaks, as antd's validator gives them: every failing rule; a
 * rule other than `required` passes an empty value (a custom validator decides for itself).
 */
export async function ruleErrors(value: unknown, rules: readonly FieldRule[]): Promise<string[]> {
  const results = await Promise.all(
    rules.map(async (rule): Promise<string | null> => {
      const message = rule.message ?? '';
      if (rule.required) return isEmpty(value, rule.whitespace) ? message : null;
      if (isEmpty(value) && !rule.validator) return null;
      const text = String(value ?? '');
      if (rule.pattern && !rule.pattern.test(text)) return message;
      if (rule.min !== undefined && text.length < rule.min) return message;
      if (rule.max !== undefined && text.length > rule.max) return message;
      if (rule.validator) {
        try {
          await rule.validator(rule, value);
        } catch (error) {
          return (error as Error)?.message ?? message;
        }
      }
      return null;
    }),
  );
  return results.filter((m): m is string => m !== null);
}

type Values = Record<string, string>;

/**
 * The state of a plain form, as antd's Form keeps it: a field is checked when it changes and every
 * field on submit; `setFields` puts the server's word on a field until it changes again.
 */
export function usePlainForm<T extends Values>(initial: T, rules: { [K in keyof T]?: readonly FieldRule[] }) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<{ [K in keyof T]?: string[] }>({});
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const checks = useRef<{ [K in keyof T]?: number }>({});

  const check = useCallback(async (name: keyof T, value: string): Promise<string[]> => {
    const seq = (checks.current[name] ?? 0) + 1;
    checks.current[name] = seq;
    const found = await ruleErrors(value, rulesRef.current[name] ?? []);
    if (checks.current[name] === seq) setErrors((e) => ({ ...e, [name]: found }));
    return found;
  }, []);

  const validateFields = useCallback(
    async (names: (keyof T)[] = Object.keys(valuesRef.current) as (keyof T)[]) => {
      const found = await Promise.all(names.map((n) => check(n, valuesRef.current[n])));
      return found.every((list) => list.length === 0);
    },
    [check],
  );

  const setValue = (name: keyof T, value: string) => {
    valuesRef.current = { ...valuesRef.current, [name]: value };
    setValues(valuesRef.current);
    void check(name, value);
  };

  const setFields = useCallback((fields: { name: string; errors: string[] }[]) => {
    setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f.name, f.errors])) }));
  }, []);

  /** The props of the input of `name`; `normalize` (antd's getValueFromEvent) gives the value kept. */
  const input = (name: keyof T & string, normalize?: (e: { target: { value: string } }) => string) => ({
    id: name,
    name,
    value: values[name],
    invalid: (errors[name]?.length ?? 0) > 0,
    'aria-describedby': errors[name]?.length ? `${name}_help` : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, normalize ? normalize(e) : e.target.value),
  });

  const onSubmit = (onFinish: (values: T) => void | Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    if (await validateFields()) await onFinish(valuesRef.current);
  };

  return { values, errors, input, validateFields, setFields, onSubmit };
}

/** antd's vertical Form.Item look: the label above, the field's errors under it. */
export function PlainField({
  name,
  label,
  htmlFor = name,
  errors,
  children,
}: {
  name: string;
  label: ReactNode;
  htmlFor?: string;
  errors?: string[];
  children: ReactNode;
}) {
  const failing = (errors?.length ?? 0) > 0;
  return (
    <div className={failing ? 'ac-field ac-field--error' : 'ac-field'}>
      <label className="ac-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {failing && (
        <div className="ac-field__error" id={`${name}_help`} role="alert">
          {errors!.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      )}
    </div>
  );
}
