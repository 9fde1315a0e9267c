/** 'June 05, 2026' for a YYYY-MM-DD date: that calendar day, whatever the browser's time zone. */
export const longDate = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString('en-US', { month: 'long', day: '2-digit', year: 'numeric' });
