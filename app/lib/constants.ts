// Business constants the browser needs too (spec section 9). Route components must not import
// them from *.server.ts modules: the compiler empties those in the client bundle.
export const TRIAL_DAYS = 14;

/** The company calendar's `?team=all`: everyone, chosen (without `?team` a large company opens on one's team). */
export const ALL_TEAMS = "all";
