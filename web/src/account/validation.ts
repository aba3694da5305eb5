import { MIN_PASSWORD_LENGTH } from '@ludex/schemas'

/**
 * The account forms' client-side rules (part 2 §5), as pure functions the forms and their tests share.
 * The server checks the same rules with the zod schemas of @ludex/schemas; these stay zod-free so the
 * forms do not wait for the schemas' chunk.
 */

export const PASSWORD_TOO_SHORT = 'Password needs to be longer'
export const PASSWORD_MISMATCH = 'Password does not match'
export const INVALID_EMAIL = 'Invalid email'

/** The spec's loose email check; the same pattern as EMAIL_PATTERN in @ludex/schemas (a test holds them equal). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text.trim())
}

/** A field's state: a message to show, true for an error highlight without a message, or undefined. */
export type FieldError = string | true | undefined

export interface PasswordPair {
  readonly password: string
  readonly confirm: string
}

/**
 * New Password and Confirm Password (sign-up and change password): 'Password needs to be longer' once a
 * submit was attempted with fewer than 8 characters; 'Password does not match' live, as soon as both are
 * filled and differ.
 */
export function passwordPairErrors(
  pair: PasswordPair,
  submitted: boolean,
): { password: FieldError; confirm: FieldError } {
  const short = (s: string) => submitted && s.length < MIN_PASSWORD_LENGTH
  const mismatch = pair.password !== '' && pair.confirm !== '' && pair.password !== pair.confirm
  return {
    password: short(pair.password) ? PASSWORD_TOO_SHORT : undefined,
    confirm: mismatch ? PASSWORD_MISMATCH : short(pair.confirm) ? PASSWORD_TOO_SHORT : undefined,
  }
}

export function passwordPairValid(pair: PasswordPair): boolean {
  return pair.password.length >= MIN_PASSWORD_LENGTH && pair.password === pair.confirm
}

export interface SignUpFields extends PasswordPair {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  /** The first selector: a list (interests). */
  readonly interests: readonly string[]
  /** The second selector: one value (user type). */
  readonly userType: string | null
}

export type SignUpErrors = { readonly [K in keyof SignUpFields]: FieldError }

/**
 * Every sign-up field's error (part 2 §5): empty names and selectors are highlighted, a failing email
 * reads 'Invalid email'. Before a submit attempt only the live mismatch shows.
 */
export function signUpErrors(fields: SignUpFields, submitted: boolean): SignUpErrors {
  const pair = passwordPairErrors(fields, submitted)
  const blank = (s: string) => (submitted && s.trim() === '' ? true : undefined)
  return {
    firstName: blank(fields.firstName),
    lastName: blank(fields.lastName),
    email: submitted && !isEmail(fields.email) ? INVALID_EMAIL : undefined,
    password: pair.password,
    confirm: pair.confirm,
    interests: submitted && fields.interests.length === 0 ? true : undefined,
    userType: submitted && !fields.userType ? true : undefined,
  }
}

/** Whether the sign-up may be sent: every rule of part 2 §5 holds. */
export function signUpValid(fields: SignUpFields): boolean {
  return (
    fields.firstName.trim() !== '' &&
    fields.lastName.trim() !== '' &&
    isEmail(fields.email) &&
    passwordPairValid(fields) &&
    fields.interests.length > 0 &&
    !!fields.userType
  )
}

/** Onboarding needs at least one interest and a user type (part 1 §5). */
export function onboardingErrors(
  fields: { interests: readonly string[]; userType: string | null },
  submitted: boolean,
): { interests: FieldError; userType: FieldError } {
  return {
    interests: submitted && fields.interests.length === 0 ? true : undefined,
    userType: submitted && !fields.userType ? true : undefined,
  }
}
