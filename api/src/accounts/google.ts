import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose'

/** What a verified Google ID token tells about its holder. */
export interface GoogleIdentity {
  readonly sub: string
  readonly email: string
  readonly emailVerified: boolean
  readonly givenName: string
  readonly familyName: string
}

export class GoogleTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'GoogleTokenError'
  }
}

export interface GoogleVerifier {
  /** The identity of a valid ID token; throws GoogleTokenError for any invalid one. */
  verify(credential: string): Promise<GoogleIdentity>
}

export interface GoogleVerifierOptions {
  /** The OAuth client id: the token's audience must be it. */
  readonly clientId: string
  readonly issuers: readonly string[]
  /** Google's key set URL (fetched and cached by jose), or a key set given directly (tests). */
  readonly keys: URL | JWTVerifyGetKey
  readonly now: () => number
}

/**
 * Verifies a Google Identity Services credential (an RS256 ID token): signature against the provider's
 * JWKS, issuer, audience = our client id, and expiry at our clock.
 */
export function createGoogleVerifier(options: GoogleVerifierOptions): GoogleVerifier {
  const keys = options.keys instanceof URL ? createRemoteJWKSet(options.keys) : options.keys
  return {
    async verify(credential) {
      let payload: Record<string, unknown>
      try {
        const verified = await jwtVerify(credential, keys, {
          issuer: [...options.issuers],
          audience: options.clientId,
          algorithms: ['RS256'],
          currentDate: new Date(options.now()),
          requiredClaims: ['sub', 'exp', 'iat'],
        })
        payload = verified.payload as Record<string, unknown>
      } catch (cause) {
        const reason = cause instanceof errors.JOSEError ? cause.code : 'unverifiable'
        throw new GoogleTokenError(`Google credential rejected (${reason})`, { cause })
      }
      const email = typeof payload.email === 'string' ? payload.email : ''
      if (!email) throw new GoogleTokenError('Google credential has no email')
      return {
        sub: String(payload.sub),
        email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
        familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
      }
    },
  }
}
