/** PostgreSQL text cannot hold U+0000: every field refuses it with Django REST framework's words. */
export const nullCharacterMessage = 'Null characters are not allowed.';

/**
 * The top-level field whose value (or key) holds a NUL anywhere inside it; '' when the value itself is
 * a string that does; null when there is none. Iterative, so that deeply nested input cannot overflow.
 */
export function fieldWithNullCharacter(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\0') ? '' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [field, child] of Object.entries(value)) {
    if (field.includes('\0')) return field.replaceAll('\0', '');
    const stack: unknown[] = [child];
    while (stack.length) {
      const item = stack.pop();
      if (typeof item === 'string') {
        if (item.includes('\0')) return field;
      } else if (typeof item === 'object' && item !== null) {
        for (const [key, nested] of Object.entries(item)) {
          if (key.includes('\0')) return field;
          stack.push(nested);
        }
      }
    }
  }
  return null;
}
