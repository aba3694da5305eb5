import { EMAIL_PATTERN as SERVER_EMAIL_PATTERN } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import {
  EMAIL_PATTERN,
  INVALID_EMAIL,
  isEmail,
  onboardingErrors,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_SHORT,
  passwordPairErrors,
  passwordPairValid,
  type SignUpFields,
  signUpErrors,
  signUpValid,
} from './validation.ts'

const VALID: SignUpFields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  confirm: 'correct horse',
  interests: ['obby'],
  userType: 'developer',
}

describe('account form rules (part 2 §5)', () => {
  it('checks email with the same loose pattern as the server', () => {
    expect(EMAIL_PATTERN.source).toBe(SERVER_EMAIL_PATTERN.source)
    expect(isEmail('a@b.co')).toBe(true)
    expect(isEmail('  a@b.co ')).toBe(true)
    for (const bad of ['', 'a@b', 'a b@c.d', '@b.co', 'a@.', 'plain']) expect(isEmail(bad)).toBe(false)
  })

  it("says 'Password needs to be longer' only after a submit attempt", () => {
    const short = { password: 'short', confirm: 'short' }
    expect(passwordPairErrors(short, false)).toEqual({ password: undefined, confirm: undefined })
    expect(passwordPairErrors(short, true)).toEqual({
      password: PASSWORD_TOO_SHORT,
      confirm: PASSWORD_TOO_SHORT,
    })
    // Exactly 8 characters is enough.
    expect(passwordPairErrors({ password: '12345678', confirm: '12345678' }, true)).toEqual({
      password: undefined,
      confirm: undefined,
    })
  })

  it("says 'Password does not match' live, once both are filled and differ", () => {
    expect(passwordPairErrors({ password: 'abcdefgh', confirm: '' }, false).confirm).toBeUndefined()
    expect(passwordPairErrors({ password: 'abcdefgh', confirm: 'abcdefgi' }, false).confirm).toBe(
      PASSWORD_MISMATCH,
    )
    // The mismatch wins over the length on the confirmation.
    expect(passwordPairErrors({ password: 'abcdefgh', confirm: 'abc' }, true).confirm).toBe(PASSWORD_MISMATCH)
  })

  it('accepts a pair only when both are long enough and equal', () => {
    expect(passwordPairValid({ password: '12345678', confirm: '12345678' })).toBe(true)
    expect(passwordPairValid({ password: '1234567', confirm: '1234567' })).toBe(false)
    expect(passwordPairValid({ password: '12345678', confirm: '12345679' })).toBe(false)
  })

  it('blocks a sign-up with any rule broken, marking each field', () => {
    expect(signUpValid(VALID)).toBe(true)
    expect(Object.values(signUpErrors(VALID, true)).every((e) => e === undefined)).toBe(true)
    const broken: [keyof SignUpFields, SignUpFields[keyof SignUpFields], unknown][] = [
      ['firstName', '  ', true],
      ['lastName', '', true],
      ['email', 'ada@example', INVALID_EMAIL],
      ['password', 'short', PASSWORD_TOO_SHORT],
      ['interests', [], true],
      ['userType', null, true],
    ]
    for (const [key, value, error] of broken) {
      const fields = { ...VALID, [key]: value }
      expect(signUpValid(fields), key).toBe(false)
      expect(signUpErrors(fields, true)[key], key).toBe(error)
      // Nothing is marked before a submit attempt.
      expect(signUpErrors(fields, false)[key], key).toBeUndefined()
    }
    expect(signUpValid({ ...VALID, confirm: 'correct horse!' })).toBe(false)
    expect(signUpErrors({ ...VALID, confirm: 'correct horse!' }, false).confirm).toBe(PASSWORD_MISMATCH)
  })

  it('marks missing onboarding choices after a submit attempt', () => {
    expect(onboardingErrors({ interests: [], userType: null }, false)).toEqual({
      interests: undefined,
      userType: undefined,
    })
    expect(onboardingErrors({ interests: [], userType: null }, true)).toEqual({
      interests: true,
      userType: true,
    })
    expect(onboardingErrors({ interests: ['obby'], userType: 'player' }, true)).toEqual({
      interests: undefined,
      userType: undefined,
    })
  })
})
