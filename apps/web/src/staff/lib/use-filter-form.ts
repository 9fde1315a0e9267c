import { useEffect } from 'react';
import { useForm, type DefaultValues, type Path } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A console list's filter form: its fields are text, checked with the list's own query schema (the server's)
 * before they go into the address; a refused field shows the schema's message. It follows the address when the
 * filters change elsewhere (a link, Back).
 */
export function useFilterForm<F extends Record<string, string>>(schema: z.ZodType, values: F, onApply: (changes: F) => void) {
  const form = useForm<F>({ defaultValues: values as DefaultValues<F> });
  const { reset, setError } = form;
  const key = JSON.stringify(values);
  useEffect(() => reset(JSON.parse(key) as F), [key, reset]);

  const submit = form.handleSubmit((entered) => {
    const trimmed = Object.fromEntries(Object.entries(entered).map(([k, v]) => [k, v.trim()])) as F;
    const parsed = schema.safeParse(Object.fromEntries(Object.entries(trimmed).filter(([, v]) => v !== '')));
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, i) => setError(issue.path[0] as Path<F>, { type: 'schema', message: issue.message }, { shouldFocus: i === 0 }));
      return;
    }
    onApply(trimmed);
  });
  const clear = () => onApply(Object.fromEntries(Object.keys(values).map((k) => [k, ''])) as F);

  return { ...form, submit, clear };
}
