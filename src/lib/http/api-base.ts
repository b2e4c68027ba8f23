/** Every call of the console goes to this same-origin base (spec section 7). */
export const API_BASE = '/rpc-api';
