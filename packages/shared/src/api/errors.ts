import { z } from 'zod';

/** Error bodies of DECISIONS.md: `{ field: [messages] }`, `{ non_field_errors: [...] }` or `{ detail }`. */
const errorBodySchema = z.record(z.string(), z.union([z.array(z.string()), z.string()]));
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The response schemas every route shares for its client errors. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
};

export const messageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof messageSchema>;

/** List envelope of DECISIONS.md. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    count: z.number(),
    page: z.number(),
    pages: z.number(),
    next: z.number().nullable(),
  });
}

/** One page of any list (the envelope above with its items' type). */
export type ListPage<T> = Omit<z.infer<ReturnType<typeof listSchema>>, 'data'> & { data: T[] };
