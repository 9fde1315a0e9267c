/** PostgreSQL text cannot hold U+0000: every field refuses it with Django REST framework's words. */
export const nullCharacterMessage = 'Null characters are not allowed.';
/** Nor can text or jsonb hold half of a UTF-16 surrogate pair ("\ud800" in JSON): not Unicode at all. */
export const loneSurrogateMessage = 'Unpaired surrogate characters are not allowed.';

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL could not store this string, or null when it can. */
const problemOf = (text: string) => (text.includes('\0') ? nullCharacterMessage : loneSurrogate.test(text) ? loneSurrogateMessage : null);

/** A field PostgreSQL could not store ('' when the value itself is such a string) and the message that says why. */
export interface UnstorableText {
  field: string;
  message: string;
}

/**
 * The first top-level field whose value (or key) holds a NUL or a lone surrogate anywhere inside it; null when
 * there is none. Iterative, so that deeply nested input cannot overflow.
 */
export function unstorableText(value: unknown): UnstorableText | null {
  if (typeof value === 'string') {
    const message = problemOf(value);
    return message ? { field: '', message } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [field, child] of Object.entries(value)) {
    const inKey = problemOf(field);
    if (inKey) return { field: field.replaceAll('\0', ''), message: inKey };
    const stack: unknown[] = [child];
    while (stack.length) {
      const item = stack.pop();
      if (typeof item === 'string') {
        const message = problemOf(item);
        if (message) return { field, message };
      } else if (typeof item === 'object' && item !== null) {
        for (const [key, nested] of Object.entries(item)) {
          const message = problemOf(key);
          if (message) return { field, message };
          stack.push(nested);
        }
      }
    }
  }
  return null;
}
