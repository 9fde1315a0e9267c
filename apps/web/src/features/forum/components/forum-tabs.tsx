import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
}

/**
 * A tablist (WAI-ARIA tabs pattern): one tab in the tab order, arrows, Home and End move and select, and the
 * panel is labelled by its tab.
 */
export function ForumTabs<K extends string>({ tabs, current, onSelect, label, children }: { tabs: readonly Tab<K>[]; current: K; onSelect: (key: K) => void; label: string; children: ReactNode }) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.key === current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(tab.key);
    refs.current.get(tab.key)?.focus();
  }

  return (
    <>
      <div role="tablist" aria-label={label} className="forum-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element);
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}`}
            aria-selected={tab.key === current}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === current ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${current}`} className="forum-tabpanel">
        {children}
      </div>
    </>
  );
}
