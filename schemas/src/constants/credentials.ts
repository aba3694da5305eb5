/** The spec's message for a credential name another credential has, case-insensitively (part 2 §5, §8). */
export const CREDENTIAL_NAME_IN_USE = 'name already in use'
/** A credential name's length at most, once trimmed. */
export const CREDENTIAL_NAME_MAX_LENGTH = 100
