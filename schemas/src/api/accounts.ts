import { z } from 'zod'
import { interests } from '../constants/genres-schema.ts'
import { MIN_PASSWORD_LENGTH } from '../constants/limits.ts'
import { permission, role, userType } from '../constants/users-schema.ts'
import { isoTime } from './primitives.ts'
import { safeText } from './safe-text.ts'

/*
 * Requests and answers of the account calls (/api/auth, /api/users; part 2 §3, §5, §7). Field names are
 * the spec's snake_case ones. Every request string starts from safeText.
 */

/** The spec's loose email check (part 2 §5): something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/**
 * The same check as the server applies it: besides spaces, no C0 or C1 control character or DEL
 * (Unicode category Cc), which have no place in an address that goes into a mail. One pattern, so the
 * OpenAPI document states exactly what is accepted.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
const EMAIL_WIRE_PATTERN = /^[^\s@\x00-\x1f\x7f-\x9f]+@[^\s@\x00-\x1f\x7f-\x9f]+\.[^\s@\x00-\x1f\x7f-\x9f]+$/
export const email = safeText.trim().max(254).regex(EMAIL_WIRE_PATTERN, 'Invalid email')

/** A new password: at least 8 characters (part 2 §9); the upper bound keeps the KDF's input sane. */
export const newPassword = safeText
  .min(MIN_PASSWORD_LENGTH, 'Password needs to be longer')
  .max(256, 'Password is too long')

/**
 * A first or last name: something besides white space, and no control character (it goes into a
 * mail). A pattern rather than a refinement, so the OpenAPI document says so too.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
const PERSON_NAME_PATTERN = /^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$/
const personName = safeText
  .max(100)
  .regex(PERSON_NAME_PATTERN, 'is required and holds no control character')
  .trim()
/** Tokens are 43 base64url characters; anything far off is refused before a lookup. */
const token = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a token')

export const registerRequest = z.object({
  first_name: personName,
  last_name: personName,
  email,
  password: newPassword,
  interests,
  user_type: userType,
})
export type RegisterRequest = z.infer<typeof registerRequest>

/**
 * Who signed up, for analytics (part 2 §3). `id` is an opaque analytics id, never the database id, and
 * the answer has the same shape whether or not the email already had an account.
 */
export const userIdentity = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
})
export type UserIdentity = z.infer<typeof userIdentity>

/** Sign-in has no client validation (part 2 §5): any strings are checked against the account. */
export const loginRequest = z.object({ email: safeText.max(254), password: safeText.max(256) })

/** The 428 answer of a sign-in with an unverified email: the token resend-verification takes. */
export const unverifiedSignIn = z.object({ token: z.string() })

export const tokenRequest = z.object({ token })
export const passwordResetRequest = z.object({ email })
export const passwordChangeRequest = z.object({ token, password: newPassword })
export const googleSignInRequest = z.object({ credential: safeText.min(1).max(8192) })

export const okResponse = z.object({ ok: z.literal(true) })

/**
 * The single sign-on providers this server offers besides email and password (GET /api/auth/providers).
 * `google` is null unless GOOGLE_CLIENT_ID is set; the client id is public (the button is initialised
 * with it in the browser).
 */
export const authProviders = z.object({
  google: z.object({ client_id: z.string().min(1) }).nullable(),
})
export type AuthProviders = z.infer<typeof authProviders>

/** The signed-in user, as GET /api/auth/session and every sign-in answer give it. */
export const sessionUser = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  email_verified: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  /** The role in effect: the simulated one while an admin simulates. */
  role,
  /** The role stored for the user. */
  actual_role: role,
  simulating: z.boolean(),
  /** Admins may cycle through simulated roles (admin → editor → viewer → admin). */
  can_simulate: z.boolean(),
  permissions: z.array(permission),
  needs_onboarding: z.boolean(),
  interests: z.array(z.string()),
  user_type: userType.nullable(),
  /** Opaque id for analytics (the same as sign-up's identity id). */
  analytics_id: z.string(),
  created: isoTime,
  last_active: isoTime.nullable(),
})
export type SessionUser = z.infer<typeof sessionUser>

/**
 * GET /api/auth/session: the signed-in user, or null for a visitor. A visitor is not an error, so
 * restoring the session at start-up answers 200 either way and no page logs a failed request.
 */
export const sessionState = z.object({ user: sessionUser.nullable() })
export type SessionState = z.infer<typeof sessionState>

export const onboardingRequest = z.object({ interests, user_type: userType })

const prefKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:/-]+$/, 'is not a preference key')
const MAX_PREFERENCE_ENTRIES = 200
const boundedRecord = <T extends z.ZodType>(value: T) =>
  z
    .record(prefKey, value)
    .refine(
      (r) => Object.keys(r).length <= MAX_PREFERENCE_ENTRIES,
      `has more than ${MAX_PREFERENCE_ENTRIES} entries`,
    )
    // The refinement is invisible to JSON Schema; the document states the bound.
    .meta({ maxProperties: MAX_PREFERENCE_ENTRIES })

/**
 * View state remembered per user (part 2 §6): table page sizes, selected tabs, collapsible panels and
 * sidebar groups, each keyed by a name the web app chooses (e.g. 'tags.list'). PUT replaces the whole
 * document.
 */
export const userPreferences = z.object({
  page_sizes: boundedRecord(z.number().int().min(1).max(1000)).default({}),
  tabs: boundedRecord(safeText.max(64)).default({}),
  panels: boundedRecord(z.boolean()).default({}),
  groups: boundedRecord(z.boolean()).default({}),
})
export type UserPreferences = z.infer<typeof userPreferences>

/** A row of the users page (part 2 §2.10). */
export const listedUser = sessionUser.pick({
  id: true,
  email: true,
  email_verified: true,
  first_name: true,
  last_name: true,
  role: true,
  last_active: true,
  created: true,
})
export type ListedUser = z.infer<typeof listedUser>

export const userList = z.object({
  /** Users active (a request with their session) in the last 24 hours and the last 30 days. */
  active: z.object({
    last_24_hours: z.number().int().nonnegative(),
    last_30_days: z.number().int().nonnegative(),
  }),
  users: z.array(listedUser),
})

/** PUT /api/users/{id}: the client sends the user plus the role; only the role is read. */
export const userRoleUpdate = z.object({ role })

/** A mail kept in the development outbox (GET /api/dev/outbox). */
export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sent_at: isoTime,
  /** The links the mail carries (verification, reset), for following them by hand. */
  links: z.array(z.string()),
})
export const outboxList = z.array(outboxMail)
export type OutboxMail = z.infer<typeof outboxMail>
