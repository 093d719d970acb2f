import { useId, useRef, useState, type FormEvent } from 'react';

/** A field's check: its error message, or undefined when it passes. Reads other fields too. */
export type FieldCheck<V> = (value: string, values: V) => string | undefined;

export interface FieldFormOptions<V extends Record<string, string>> {
  initial: V;
  checks: { [K in keyof V]?: FieldCheck<V> };
  /** Applied to each typed value before it is kept (e.g. digits only). */
  normalize?: { [K in keyof V]?: (value: string) => string };
  /** Fields checked again when another changes (a confirmation when its original changes). */
  dependents?: { [K in keyof V]?: (keyof V)[] };
}

/**
 * A plain form's values and errors, checked as antd's Form checks them: a field from its
 * first change on, every field on submit (the first wrong one takes the focus), and a
 * dependent field again when the field it repeats changes. For the sign-in screens, which
 * load without antd (docs/performance.md, "Sign-in screens").
 */
export function useFieldForm<V extends Record<string, string>>({
  initial,
  checks,
  normalize = {},
  dependents = {},
}: FieldFormOptions<V>) {
  const idPrefix = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  // Fields checked at least once: a dependent is checked again only once it has been.
  const checked = useRef(new Set<keyof V>());

  const idOf = (name: keyof V) => `${idPrefix}-${String(name)}`;
  const errorOf = (name: keyof V, all: V) => checks[name]?.(all[name], all);

  const checkFields = (names: (keyof V)[], all: V) => {
    const found: Partial<Record<keyof V, string>> = {};
    for (const name of names) {
      checked.current.add(name);
      found[name] = errorOf(name, all);
    }
    setErrors((shown) => ({ ...shown, ...found }));
    return found;
  };

  const change = (name: keyof V, typed: string) => {
    const value = normalize[name]?.(typed) ?? typed;
    const next = { ...values, [name]: value };
    setValues(next);
    const again = (dependents[name] ?? []).filter((other) => checked.current.has(other));
    checkFields([name, ...again], next);
  };

  /** Checks the named fields now; their values when all pass, else undefined. */
  const validate = (names: (keyof V)[]): V | undefined => {
    const found = checkFields(names, values);
    const firstWrong = names.find((name) => found[name]);
    if (firstWrong === undefined) return values;
    document.getElementById(idOf(firstWrong))?.focus();
    return undefined;
  };

  /** The props that bind an input to a field, with its error's description. */
  const field = (name: keyof V) => ({
    id: idOf(name),
    name: String(name),
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idOf(name)}-help`,
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  /** The form's submit handler: every field with a check is checked, then onValid runs. */
  const onSubmit = (onValid: (values: V) => void) => (event: FormEvent) => {
    event.preventDefault();
    const all = validate(Object.keys(checks) as (keyof V)[]);
    if (all) onValid(all);
  };

  return { values, errors, idOf, field, validate, onSubmit };
}

export type FieldForm<V extends Record<string, string>> = ReturnType<typeof useFieldForm<V>>;
