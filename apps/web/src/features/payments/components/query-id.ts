/** An id from the address (?txn_id=, ?class=, a path part): a positive whole number, or null. */
export const queryId = (value: string | null | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);
