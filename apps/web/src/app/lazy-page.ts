import type { ComponentType } from 'react';

/** A page's code that could not be fetched (the connection dropped, or a new deployment replaced the file). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('The page could not be loaded.', { cause });
  }
}

/** A page loaded on first visit: the module and the name of its component. */
export function page<M>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    // The router keeps a failed import for good: marked, so that Try again reloads the document (route-error.tsx).
    const module = await load().catch((cause: unknown) => {
      throw new PageLoadError(cause);
    });
    return { Component: module[name] as ComponentType };
  };
}
