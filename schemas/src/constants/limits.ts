/**
 * Every business constant and limit of §9 of both spec parts (and the few numbers stated elsewhere in
 * them), named once. Durations are milliseconds unless the name says otherwise; dates are UTC.
 */

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

// Search
/** Suggestions in the global search and in tag suggestions. */
export const SEARCH_SUGGESTIONS_MAX = 9
/** Suggestions of generic autocomplete inputs when a caller sets none. */
export const GENERIC_SUGGESTIONS_DEFAULT = 5
/** Suggestions and navigation need at least this many characters ("more than 2"). */
export const SEARCH_MIN_CHARS = 3
export const CREATOR_SEARCH_MIN_CHARS = 3
/**
 * Results one GET /api/place/search may ask for (`limit`; Ludex's choice, the spec's lists show 9): a
 * suggestion list, never a way to page through every experience (the list call does that).
 */
export const SEARCH_RESULTS_MAX = 50
/** The longest search text the API takes (Ludex's choice: far above a name, a game link or an id). */
export const SEARCH_TEXT_MAX_LENGTH = 200
export const GLOBAL_SEARCH_DEBOUNCE_MS = 500
/** Experiences list, tag and creator searches. */
export const LIST_SEARCH_DEBOUNCE_MS = 300

// Data freshness and app updates
export const SLIM_LIST_REFETCH_MS = 10 * MINUTE_MS
export const SERVICE_WORKER_UPDATE_CHECK_MS = 300_000
/** An update arriving this soon after page load is worded as 'released while you were away'. */
export const UPDATE_JUST_AFTER_LOAD_MS = 10 * SECOND_MS
export const SSO_BUTTON_LOADING_HIDE_MS = 100

// Sign-up callout
export const SIGNUP_CALLOUT_DISMISS_DAYS = 30
export const SIGNUP_CALLOUT_DELAY_MS = 3 * SECOND_MS
export const SIGNUP_CALLOUT_SHAKE_EVERY_MS = 5 * SECOND_MS
export const SIGNUP_CALLOUT_SHAKE_DURATION_MS = 820
/** The browser storage key of the callout's dismissal (its time, epoch milliseconds). */
export const SIGNUP_CALLOUT_DISMISSED_KEY = 'ludex-signup-callout-dismissed'

// Tooltips
export const TOOLTIP_AUTO_HIDE_MS = 3 * SECOND_MS
export const TOOLTIP_MAX_WIDTH_PX = 250

// Layout
export const BREAKPOINTS_PX = {
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  '2xl': 1536,
  '3xl': 1920,
  '4xl': 2560,
} as const
export const MOBILE_CHART_BREAKPOINT_PX = 480
export const MOBILE_CHART_HEIGHT_PX = 300
/** Robux converter switches to its mobile layout at this width or less. */
export const ROBUX_MOBILE_LAYOUT_MAX_PX = 760
export const SIDEBAR_WIDTH_PX = 290
export const NAV_HEIGHT_PX = 70
export const BUTTON_HEIGHT_PX = 34

// Thumbnails
export const ICON_SIZES_PX = [64, 128, 150, 256, 512] as const
export const BANNER_SIZES_PX = [
  { width: 160, height: 100 },
  { width: 256, height: 144 },
  { width: 384, height: 216 },
  { width: 576, height: 324 },
  { width: 768, height: 432 },
] as const
/** Image CDN path prefix of thumbnails ('180DAY-<hash>'). */
export const THUMBNAIL_CDN_PREFIX = '180DAY'
/** Hash meaning 'no image'; one of this many default images is chosen by place id. */
export const DEFAULT_THUMBNAIL_HASH = 'default'
export const DEFAULT_THUMBNAIL_VARIANTS = 3
/** A tag's thumbnail uses up to 4 top experiences: all when 4 or fewer, otherwise 3. */
export const TAG_THUMBNAIL_MAX = 4
export const TAG_THUMBNAIL_MAX_WHEN_MORE = 3
/** At most this many places per /api/thumbnail/bulk call (pages with more ask in chunks). */
export const THUMBNAIL_BULK_MAX = 100

// History windows and data starts
export const RANKING_HISTORY_YEARS = 3
/** Stats start at the creation date, or about this many days back when it is unknown. */
export const STATS_FALLBACK_LOOKBACK_DAYS = 5000
export const THUMBNAILS_START_DATE = '2022-01-01'
export const THUMBNAILS_START_MS = Date.UTC(2022, 0, 1)
export const GENRE_STATS_START_DATE = '2022-01-01'
export const GENRE_STATS_START_MS = Date.UTC(2022, 0, 1)
/** Tag stats start at the first day period of 2022 (day periods start at 01:00 UTC). */
export const TAG_STATS_START = '2022-01-01T01:00:00Z'
export const TAG_STATS_START_MS = Date.UTC(2022, 0, 1, 1)
export const EVENT_STATS_START_DATE = '2025-01-23'
/** Visitors see this much history; the server enforces it. */
export const UNSIGNED_HISTORY_DAYS = 30
export const UNSIGNED_HISTORY_MS = UNSIGNED_HISTORY_DAYS * DAY_MS
/** The anchor-link check uses one day less (a range starting 29+ days back prompts sign-in). */
export const UNSIGNED_ANCHOR_CHECK_DAYS = 29
/** Visitors browse daily picks about this far back (described to them as 30 days). */
export const UNSIGNED_DAILY_PICKS_DAYS = 28
export const DAILY_PICKS_START_DATE = '2024-09-20'
export const DAILY_PICKS_START_MS = Date.UTC(2024, 8, 20)
/** Previous Month is disabled at or before this month. */
export const DAILY_PICKS_FLOOR_MONTH = { year: 2024, month: 9 } as const
/** Average playtime is computed over this many days. */
export const AVERAGE_PLAYTIME_WINDOW_DAYS = 30
/** Top-100 movement compares with ranks this many days earlier. */
export const TOP_100_SIZE = 100
export const TOP_100_COMPARE_DAYS = 7
/** Relative time shows days up to this many, then months. */
export const RELATIVE_TIME_MAX_DAYS = 31

// Snapping and periods
export const SLOT_MS = 10 * MINUTE_MS
/** Hour periods start at minute 1, the others at 01:00 UTC. */
export const HOUR_PERIOD_OFFSET_MS = MINUTE_MS
export const DAY_PERIOD_OFFSET_MS = HOUR_MS

// Lists and tables
export const TOP_FIVE_SIZE = 5
export const DEFAULT_PAGE_SIZE = 20
/** The largest page a table offers, and the list call serves. */
export const PAGE_SIZE_MAX = 100
/** The page sizes a table offers (remembered per table and user). */
export const PAGE_SIZES = [10, DEFAULT_PAGE_SIZE, 50, PAGE_SIZE_MAX] as const
/**
 * Experiences one GET /api/place/lookup names (the pages that know their ids: movement, rankings,
 * compare, tags, alerts); longer lists are asked in chunks, as the thumbnails are.
 */
export const EXPERIENCE_LOOKUP_MAX = 100

// Charts
export const CHART_MIN_RANGE_MS = DAY_MS
export const TRACKED_CCU_CHART_MIN_RANGE_DAYS = 30
export const TRACKED_CCU_TICK_INTERVAL = 2_000_000
export const TRACKED_CCU_SOFT_MAX = 8_000_000
export const RATING_AXIS_PADDING = 0.5
export const RATING_AXIS_MIN = 0
export const RATING_AXIS_MAX = 100
/** Column charts get value labels only below this many points. */
export const COLUMN_LABELS_MAX_POINTS = 2000
export const LIKE_RATE_BUCKET_PERCENT = 5
/** Gap tolerance is the expected spacing plus half a step. */
export const GAP_MARGIN_STEPS = 0.5
export const WEEK_SPACING_DAYS = 7
export const MONTH_SPACING_DAYS = 30

// Rankings
/** Gantt bars closer than this are merged. */
export const RANKING_GANTT_MERGE_GAP_MS = HOUR_MS
/** Label thresholds of the gantt by visible span. */
export const RANKING_GANTT_LABEL_THRESHOLDS_MS = [HOUR_MS, 3 * HOUR_MS, DAY_MS] as const
export const RANKING_HOUR_SLIDER_MIN = 0
export const RANKING_HOUR_SLIDER_MAX = 23
export const RANKING_HOUR_DEBOUNCE_MS = 200

// Compare and tags
export const COMPARE_MAX_EXPERIENCES = 6
export const TAG_ADD_DIALOG_ROWS = 5
/**
 * Experiences one tag holds (Ludex's choice: the spec sets none). Far above a studio's portfolio or a
 * genre niche, and small enough that a tag's averages stay one grouped read of its members' rollups.
 */
export const TAG_MAX_PLACES = 1000
/** A tag's name: 1 to this many characters after trimming (Ludex's choice; the spec forbids only empty). */
export const TAG_NAME_MAX_LENGTH = 100

// Accounts
export const MIN_PASSWORD_LENGTH = 8
export const SESSION_COOKIE_DAYS = 365
export const ANALYTICS_COOKIE_DAYS = 365
export const SSO_STATE_COOKIE_DAYS = 7

// Robux converter
export const USD_PER_ROBUX = 0.0035
export const ROBUX_PER_USD = 285.7142857
/** Converter table rows: value per day times these. */
export const PERIOD_MULTIPLIERS = { day: 1, week: 7, month: 30.5, year: 365 } as const
/**
 * The Developer Exchange (Roblox's "Developer Exchange Help and Info Page", help article 13061189551124;
 * roblox-api.md §14): US$0.0038 per Robux earned since 2025-09-05; Robux earned before keep the older
 * 0.0035 and cash out first, so one balance can span both rates. The converter keeps the spec's 0.0035
 * and shows the DevEx rate beside it.
 */
export const DEVEX_USD_PER_ROBUX_CURRENT = 0.0038
export const DEVEX_CURRENT_RATE_SINCE = '2025-09-05'
export const DEVEX_MIN_CASHOUT_ROBUX = 30_000
/** Where the DevEx rates are stated (cited on the converter). */
export const DEVEX_HELP_URL = 'https://en.help.roblox.com/hc/en-us/articles/13061189551124'

// Deep links (Roblox creator docs, "Deep Linking")
/** The decoded launch data of a deep link may not exceed this many bytes. */
export const DEEP_LINK_LAUNCH_DATA_MAX_BYTES = 200

// Legal (part 2 §9)
export const TERMS_LIABILITY_CAP_EUR = 100
export const TERMS_LIABILITY_LOOKBACK_MONTHS = 12
export const IP_ADDRESS_RETENTION_DAYS = 30
export const VISIT_STATS_RETENTION_MONTHS = 3
export const MIN_AGE_WITHOUT_CONSENT = 16
export const MIN_AGE = 13

// Error reporting
export const ERROR_TRACE_SAMPLE_RATE = 1
export const ERROR_REPLAY_ON_ERROR_RATE = 1
/** TypeErrors whose message contains one of these are not reported. */
export const IGNORED_ERROR_MESSAGES = ['Load failed', 'Failed to fetch', 'The operation was aborted'] as const
