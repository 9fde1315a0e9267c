import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs of the WAI-ARIA pattern: arrow keys move between tabs, the panels stay in the page (hidden), so a form's
 * fields in another tab keep their values and still submit.
 */
export function Tabs({ label, tabs, active, onChange }: { label: string; tabs: Tab[]; active: string; onChange: (id: string) => void }) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    onChange(next.id);
    refs.current[next.id]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node;
            }}
            type="button"
            role="tab"
            id={`${base}-${tab.id}-tab`}
            aria-selected={tab.id === active}
            aria-controls={`${base}-${tab.id}`}
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`${base}-${tab.id}`} aria-labelledby={`${base}-${tab.id}-tab`} hidden={tab.id !== active} className="tab-panel">
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
