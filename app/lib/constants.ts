// Business constants the browser needs too (spec section 9). Route components must not import
// them from *.server.ts modules: the compiler empties those in the client bundle.
export const TRIAL_DAYS = 14;
