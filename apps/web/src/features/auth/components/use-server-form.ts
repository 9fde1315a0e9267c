import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { readServerError } from '../api/server-errors';

/**
 * A form checked on submit with a shared zod schema, that also shows the server's answer:
 * field errors under their fields and the rest as a banner.
 */
export function useServerForm<T extends FieldValues>(schema: z.ZodType<T, any>, defaultValues: DefaultValues<T>, bannerKeys: string[] = []) {
  const form = useForm<T>({ resolver: zodResolver(schema as any), defaultValues, mode: 'onSubmit' });
  const [banner, setBanner] = useState<string | null>(null);
  const fields = Object.keys(defaultValues ?? {});

  function showServerError(error: unknown) {
    const { fieldErrors, banner: text } = readServerError(error, fields, bannerKeys);
    for (const [field, message] of Object.entries(fieldErrors)) form.setError(field as Path<T>, { type: 'server', message });
    setBanner(text);
  }

  return { form, banner, setBanner, showServerError };
}
