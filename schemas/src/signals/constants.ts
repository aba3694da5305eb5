/*
 * The published constants of Ludex's signals (issue 20): the CCU spike rule, chart placement history and
 * genre standing. The /methodology page, the API descriptions and the detectors all read these.
 */

/** A spike needs the hour's CCU above the baseline median by this many robust deviations. */
export const SPIKE_MAD_K = 4
/** An hour below this CCU is never a spike (a game going from 2 to 9 players is noise, not an event). */
export const SPIKE_MIN_CCU = 50
/** The baseline: the same hour of the week in each of this many previous weeks. */
export const SPIKE_BASELINE_WEEKS = 4
/** Fewer baseline hours than this (a new or patchily tracked game): no verdict, no marker. */
export const SPIKE_MIN_BASELINE_HOURS = 3
/** MAD × this estimates one standard deviation of normally distributed values (1 / Φ⁻¹(3/4)). */
export const MAD_SCALE = 1.4826
/**
 * With a flat baseline (MAD = 0) every rise would be infinitely many deviations: the deviation is then
 * taken as this share of the median, and at least one player.
 */
export const SPIKE_FLAT_DEVIATION_SHARE = 0.1

/** Genre standing: below this many places with a value, a percentile is not given (too few to rank in). */
export const STANDING_MIN_PLACES = 5
/** Favorites are compared per this many visits. */
export const FAVORITES_PER_VISITS = 1000

/** Placement history and the rankings page's entries and exits are per UTC day. */
export const PLACEMENT_DAY_MS = 86_400_000
