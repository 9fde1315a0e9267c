import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { readServerError } from '@/lib/server-errors';

/**
 * A form checked on submit with a shared zod schema, that also shows the server's answer: field
 * errors under their fields and the rest as a banner. `field(name)` registers an input whose error
 * clears as soon as it is edited (spec 1 §5).
 */
export function useServerForm<T extends FieldValues>(schema: z.ZodType, defaultValues: DefaultValues<T>, bannerKeys: string[] = [], initialBanner: string | null = null) {
  // The form holds what its inputs hold (T); the schema checks it and may read it into other types on submit.
  const form = useForm<T>({ resolver: zodResolver(schema as z.ZodType<T, T>), defaultValues, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const [banner, setBanner] = useState<string | null>(initialBanner);
  const fields = Object.keys(defaultValues ?? {});

  function showServerError(error: unknown) {
    const { fieldErrors, banner: text } = readServerError(error, fields, bannerKeys);
    const entries = Object.entries(fieldErrors);
    for (const [field, message] of entries) form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: field === entries[0]![0] });
    setBanner(text);
  }

  const field = (name: Path<T>) => form.register(name, { onChange: () => form.clearErrors(name) });

  return { form, field, banner, setBanner, showServerError };
}
