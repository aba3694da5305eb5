import { z } from 'zod'

export const ageRecommendation = z
  .object({
    displayName: z.string().nullish(),
    displayNameWithHeaderShort: z.string().nullish(),
    minimumAge: z.number().int().nonnegative(),
    contentMaturity: z.string().nullish(),
  })
  .loose()

/** experience-guidelines get-age-recommendation (roblox-api.md §8). */
export const ageRecommendationResponse = z
  .object({
    headerDisplayName: z.string().nullish(),
    ageRecommendationDetails: z
      .object({
        summary: z.object({ ageRecommendation: ageRecommendation.nullish() }).loose().nullish(),
        descriptorUsages: z.array(z.unknown()).nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose()
export type AgeRecommendationResponse = z.infer<typeof ageRecommendationResponse>
